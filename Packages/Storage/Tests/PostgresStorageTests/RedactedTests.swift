import PostgresStorage
import Testing

/// `PostgresDatabase.redacted` is what the server logs of `--database`: no spelling of a password survives it.
@Suite("A connection string as the log shows it")
struct RedactedTests {
    @Test(arguments: [
        "postgresql://postgres:Sekr3t@db.example.com:5433/kith",
        "postgresql://postgres@/kith?host=/sock&password=Sekr3t",
        "postgres://postgres@db.example.com/kith?sslmode=require&password=Sekr3t&application_name=kith",
        "postgresql://postgres@/kith?host=/sock&sslpassword=Sekr3t",
        "host=/sock dbname=kith user=postgres password=Sekr3t",
        "host=/sock dbname=kith user=postgres password = Sekr3t",
        "host=/sock dbname=kith password='Sekr3t with spaces' user=postgres",
        #"password='Sekr3t\'s' host=/sock"#,
    ])
    func noFormOfThePasswordIsShown(_ connectionString: String) {
        let shown = PostgresDatabase.redacted(connectionString)
        #expect(!shown.contains("Sekr3t"), "\(shown)")
        #expect(shown.contains("password=***"), "\(shown)")
    }

    @Test func theRestIsShownAsKeywordsAndValues() {
        #expect(
            PostgresDatabase.redacted("postgresql://postgres:pw@db.example.com:5433/kith?sslmode=require")
                == "user=postgres password=*** dbname=kith host=db.example.com port=5433 sslmode=require")
        #expect(
            PostgresDatabase.redacted("host=/sock dbname='my db' user=postgres")
                == "user=postgres dbname='my db' host=/sock")
    }

    @Test func textLibpqCannotReadIsNotShown() {
        for unreadable in ["host=/sock password='Sekr3t", "postgresql://[::1/kith?password=Sekr3t", "password"] {
            #expect(PostgresDatabase.redacted(unreadable) == "(a connection string libpq cannot read)")
        }
    }
}
