import Storage
import Testing

@Suite("CommitPosition")
struct CommitPositionTests {
    @Test func readsAndWritesPostgreSQLsLSNText() {
        #expect(CommitPosition("16/B374D848")?.value == 0x16_B374_D848)
        #expect(CommitPosition("0/3001168")?.description == "0/3001168")
        #expect(CommitPosition("FFFFFFFF/FFFFFFFF")?.value == UInt64.max)
        #expect(CommitPosition("1/2") ?? CommitPosition(0) > CommitPosition("0/FFFFFFFF")!)
        for bad in ["", "1", "1/", "/1", "1/2/3", "G/1", "123456789/1", " 1/2", "-1/2"] {
            #expect(CommitPosition(bad) == nil, "\(bad)")
        }
    }
}
