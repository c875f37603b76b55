import Circles

/// A profile's matrix as its owner edits it (`GET /api/access` and every edit, `access --json`): CLI.md's
/// `{profileId, cells: {FIELD: {CIRCLE_ID: allow|deny|ask}}, unsaved}` plus `staged`, only the staged cells. The
/// columns are not sent: they are the owner's circles (`GET /api/circles`).
public struct AccessMatrixJSON: Codable, Sendable, Equatable {
    public var profileId: String
    /// Staged edits laid over the saved matrix.
    public var cells: [String: [String: Access]]
    public var unsaved: Bool
    public var staged: [String: [String: Access]]

    /// The JSON of `matrix`.
    public init(_ matrix: AccessMatrix) {
        profileId = matrix.profileId
        cells = Field.named(matrix.cells)
        unsaved = matrix.unsaved
        staged = Field.named(matrix.staged)
    }

    /// The matrix again, with `circles` (the owner's, in circle order) as its columns.
    public func matrix(circles: [Circle]) -> AccessMatrix {
        AccessMatrix(
            profileId: profileId, cells: Field.keyed(cells), unsaved: unsaved, staged: Field.keyed(staged),
            circles: circles)
    }
}
