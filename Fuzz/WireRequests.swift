import CirclesWire
import FamilyCodesWire
import Foundation
import IdentityWire
import PreferencesWire

/// Every request body kith-server decodes (`Request.decodeJSON` in KithServer, Packages/Apps), decoded from any bytes with the
/// server's settings (`JSONCoding.decoder()`: ISO-8601 dates). A body that decodes must encode and decode back to
/// an equal value, so what a client sends is what the server reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireRequests(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(UnsafeRawBufferPointer(start: start, count: count))
    for type in requestBodies { type.check(data) }
    return 0
}

/// The types the server's routes pass to `decodeJSON` / `decodeOptionalJSON`.
var requestBodies: [any FuzzedBody.Type] {
    [
        SignUpBody.self, SignInBody.self, AccountNameBody.self, RoleBody.self, PasswordChangeBody.self,
        HouseholdNameBody.self, ManagedMemberBody.self, GuardianBody.self, ThemeBody.self, FontSizeBody.self,
        FamilyJoinBody.self, FamilyBody.self, ContactBody.self, ContactEditBody.self, CircleBody.self,
        CircleEditBody.self, ContactsBody.self, MergeBody.self, AccessCellBody.self, AccessCycleBody.self,
        AccessCircleBody.self, AccessRequestBody.self, AllowBody.self, ShadowBody.self, ShadowCirclesBody.self,
        PersonaSwitchBody.self, ProfileEditBody.self,
    ]
}

protocol FuzzedBody: Codable, Equatable {}

extension FuzzedBody {
    static func check(_ data: Data) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let value = try? decoder.decode(Self.self, from: data) else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let encoded = try? encoder.encode(value), let again = try? decoder.decode(Self.self, from: encoded),
            again == value
        else { fatalError("\(Self.self) does not round-trip: \(String(decoding: data, as: UTF8.self))") }
    }
}

extension SignUpBody: FuzzedBody {}
extension SignInBody: FuzzedBody {}
extension AccountNameBody: FuzzedBody {}
extension RoleBody: FuzzedBody {}
extension PasswordChangeBody: FuzzedBody {}
extension HouseholdNameBody: FuzzedBody {}
extension ManagedMemberBody: FuzzedBody {}
extension GuardianBody: FuzzedBody {}
extension ThemeBody: FuzzedBody {}
extension FontSizeBody: FuzzedBody {}
extension FamilyJoinBody: FuzzedBody {}
extension FamilyBody: FuzzedBody {}
extension ContactBody: FuzzedBody {}
extension ContactEditBody: FuzzedBody {}
extension CircleBody: FuzzedBody {}
extension CircleEditBody: FuzzedBody {}
extension ContactsBody: FuzzedBody {}
extension MergeBody: FuzzedBody {}
extension AccessCellBody: FuzzedBody {}
extension AccessCycleBody: FuzzedBody {}
extension AccessCircleBody: FuzzedBody {}
extension AccessRequestBody: FuzzedBody {}
extension AllowBody: FuzzedBody {}
extension ShadowBody: FuzzedBody {}
extension ShadowCirclesBody: FuzzedBody {}
extension PersonaSwitchBody: FuzzedBody {}
extension ProfileEditBody: FuzzedBody {}
