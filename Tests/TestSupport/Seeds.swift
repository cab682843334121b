import Foundation
import XCTest

/// The random generator of every randomised test: SplitMix64 (Steele, Lea, Flood 2014), small and fully
/// determined by its seed, so a failing run can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator for one test: seeded from `QUIRE_SEED` when it is set, from the system otherwise. When the test
    /// fails, one more failure names the seed, so `QUIRE_SEED=<seed> swift test --filter <test>` replays it.
    public init(for test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
        let written = ProcessInfo.processInfo.environment["QUIRE_SEED"]
        let seed = written.flatMap(Self.parse) ?? UInt64.random(in: .min ... .max)
        if let written, Self.parse(written) == nil {
            XCTFail("QUIRE_SEED=\(written) is not a number (decimal, or hexadecimal with 0x)", file: file, line: line)
        }
        self.init(seed: seed)
        test.addTeardownBlock { [weak test] in
            guard let failures = test?.testRun?.failureCount, failures > 0 else { return }
            XCTFail("random inputs came from seed \(seed): replay with QUIRE_SEED=\(seed)", file: file, line: line)
        }
    }

    /// A seed as written in `QUIRE_SEED`: decimal, or hexadecimal with 0x.
    static func parse(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
