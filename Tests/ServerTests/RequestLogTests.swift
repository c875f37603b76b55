import Testing

@testable import KithServer

@Suite("Request log")
struct RequestLogTests {
    @Test(arguments: [
        (Duration.zero, "0.00"), (.microseconds(4), "0.00"), (.microseconds(5), "0.01"), (.microseconds(90), "0.09"),
        (.milliseconds(12) + .microseconds(345), "12.35"), (.seconds(3) + .microseconds(999_996), "4000.00"),
        (.seconds(61), "61000.00"),
    ])
    func durationsAreMillisecondsWithTwoDecimals(_ duration: Duration, _ text: String) {
        #expect(RequestLogMiddleware.milliseconds(duration) == text)
    }
}
