import Argon2
import Kernel
import Testing

@Suite("Argon2id password hashing")
struct Argon2PasswordHasherTests {
    let cheap = Argon2PasswordHasher(parameters: .testing, random: SeededRandomSource(seed: 7))

    @Test func hashesAndVerifiesAtTheRealOWASPParameters() async throws {
        let hasher = Argon2PasswordHasher()
        let hash = try await hasher.hash("correct horse battery")
        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(await hasher.verify("correct horse battery", against: hash))
    }

    @Test func selfDescribingStringWithTheGivenParameters() async throws {
        let hash = try await cheap.hash("password1")
        #expect(hash.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
        #expect(!hash.contains("password1"))
    }

    @Test func rejectsAWrongPasswordAndAMalformedHash() async throws {
        let hash = try await cheap.hash("password1")
        #expect(await !cheap.verify("password2", against: hash))
        #expect(await !cheap.verify("password1", against: "not a hash"))
        #expect(await !cheap.verify("password1", against: "$argon2id$v=19$m=64,t=1,p=1$broken"))
    }

    @Test func aFreshSaltEachTime() async throws {
        let first = try await cheap.hash("password1")
        let second = try await cheap.hash("password1")
        #expect(first != second)
        #expect(await cheap.verify("password1", against: second))
    }

    @Test func hashesVerifyAcrossParameterChanges() async throws {
        let old = try await cheap.hash("password1")
        let stronger = Argon2PasswordHasher(parameters: Argon2Parameters(memoryKiB: 128, iterations: 2, parallelism: 1))
        #expect(await stronger.verify("password1", against: old))
    }

    @Test func composedAndDecomposedPasswordsMatch() async throws {
        let hash = try await cheap.hash("Jos\u{E9}-secret")
        #expect(await cheap.verify("Jose\u{301}-secret", against: hash))
    }

    @Test func invalidParametersAreAnErrorNotACrash() async {
        let broken = Argon2PasswordHasher(parameters: Argon2Parameters(memoryKiB: 1, iterations: 0, parallelism: 1))
        await #expect(throws: Argon2Error.self) { try await broken.hash("password1") }
    }
}
