import Foundation
import Testing
@testable import DaybookSite

@Suite struct SetNotationTests {
    func groups(_ text: String, unit: SiteConfig.Workouts.Unit = .kg) -> [[WorkoutSet]]? {
        try? SetNotation.parse(text, defaultUnit: unit).get()
    }

    func failure(_ text: String) -> SetNotation.Failure? {
        if case let .failure(failure) = SetNotation.parse(text, defaultUnit: .kg) { return failure }
        return nil
    }

    func kg(_ value: Double, _ reps: Int) -> WorkoutSet { WorkoutSet(weight: Weight(value, .kg), reps: reps) }

    @Test func readsTheSpecTable() {
        #expect(groups("60kg x 8") == [[kg(60, 8)]])
        #expect(groups("60kg x 8 x 3") == [[kg(60, 8), kg(60, 8), kg(60, 8)]])
        #expect(groups("60kg x 8, 8, 6") == [[kg(60, 8), kg(60, 8), kg(60, 6)]])
        #expect(groups("20, 20, 15") == [[WorkoutSet(reps: 20), WorkoutSet(reps: 20), WorkoutSet(reps: 15)]])
        #expect(groups("60s x 3") == [Array(repeating: WorkoutSet(seconds: 60), count: 3)])
        #expect(groups("1m30s") == [[WorkoutSet(seconds: 90)]])
        #expect(groups("100kg x 5; 110kg x 3; 120kg x 1") == [[kg(100, 5)], [kg(110, 3)], [kg(120, 1)]])
        #expect(groups("135lb x 5") == [[WorkoutSet(weight: Weight(135, .lb), reps: 5)]])
        #expect(groups("22.5kg x 10 x 3") == [Array(repeating: kg(22.5, 10), count: 3)])
    }

    @Test func acceptsSpacingAndTimesSignVariants() {
        let expected = [[kg(60, 8)]]
        for text in ["60kg×8", "60kgx8", "60 kg x 8", "60KG X 8", "60kg  ×  8", " 60kg x 8 "] {
            #expect(groups(text) == expected, "\(text)")
        }
        #expect(groups("60kg x 8 ,8,6") == [[kg(60, 8), kg(60, 8), kg(60, 6)]])
        #expect(groups("100kg x 5;110kg x 3") == [[kg(100, 5)], [kg(110, 3)]])
    }

    @Test func aWeightWithoutUnitTakesTheSiteUnit() {
        #expect(groups("60 x 8", unit: .kg) == [[kg(60, 8)]])
        #expect(groups("135 x 5", unit: .lb) == [[WorkoutSet(weight: Weight(135, .lb), reps: 5)]])
        #expect(groups("60kg x 5", unit: .lb) == [[kg(60, 5)]])
        #expect(groups("225 lbs x 3", unit: .kg) == [[WorkoutSet(weight: Weight(225, .lb), reps: 3)]])
    }

    @Test func readsTimes() {
        #expect(groups("45s") == [[WorkoutSet(seconds: 45)]])
        #expect(groups("2m") == [[WorkoutSet(seconds: 120)]])
        #expect(groups("2min, 90sec") == [[WorkoutSet(seconds: 120), WorkoutSet(seconds: 90)]])
        #expect(groups("1m 30s x 2") == [[WorkoutSet(seconds: 90), WorkoutSet(seconds: 90)]])
        #expect(groups("60s, 45s, 30s") == [[WorkoutSet(seconds: 60), WorkoutSet(seconds: 45), WorkoutSet(seconds: 30)]])
        // A weighted hold.
        #expect(groups("20kg x 60s x 2") == [Array(repeating: WorkoutSet(weight: Weight(20, .kg), seconds: 60), count: 2)])
    }

    @Test func bodyweightWithASetCount() {
        #expect(groups("bw x 12 x 3") == [Array(repeating: WorkoutSet(reps: 12), count: 3)])
        #expect(groups("BW x 10, 8") == [[WorkoutSet(reps: 10), WorkoutSet(reps: 8)]])
        #expect(groups("20") == [[WorkoutSet(reps: 20)]])
    }

    @Test func convertsPoundsToKilograms() {
        #expect(Weight(100, .lb).kilograms == 45.359237)
        #expect(Weight(22.5, .kg).kilograms == 22.5)
    }

    @Test func reportsTheColumnWhereItWentWrong() {
        // Each case: text, column, a word the message must contain.
        let cases: [(String, Int, String)] = [
            ("60kg x 8 (easy)", 10, "unexpected '('"),
            ("60kg", 5, "expected 'x'"),
            ("60kg x", 7, "expected a number"),
            ("60kg x 8 x", 11, "number of sets"),
            ("60kgs x 8", 3, "unknown unit 'kgs'"),
            ("60 reps", 4, "unknown unit 'reps'"),
            ("60kg x 8.5", 8, "whole number"),
            ("60kg x 8, 70kg", 11, "not a weight"),
            ("60kg x 8;", 10, "expected a number"),
            ("60kg x 8 x 0", 12, "at least 1"),
            ("60kg x 8 x 1000", 12, "more than 100"),
            ("1m30", 5, "expected 's'"),
            ("1m75s", 3, "below 60"),
            ("20, , 15", 5, "expected a number"),
            ("0", 1, "between 1 and 10000"),
            ("60kg x 8 x 3 x 2", 14, "unexpected 'x'"),
        ]
        for (text, column, words) in cases {
            let failure = failure(text)
            #expect(failure?.column == column, "\(text)")
            #expect(failure?.message.contains(words) == true, "\(text): \(failure?.message ?? "parsed")")
        }
    }

    @Test func hintsAUnitForATypo() {
        #expect(failure("60kgs x 8")?.hint == "did you mean 'kg'?")
        #expect(failure("60 kilo x 8")?.hint == "units are kg, lb, s and m")
    }

    @Test func hugeNumbersAreErrorsNotCrashes() {
        #expect(failure("99999999999999999999999") != nil)
        #expect(failure("99999999999999999999999s") != nil)
        #expect(failure("99999999999999999999999m30s") != nil)
        #expect(failure("60kg x 99999999999999999999999") != nil)
    }
}

/// The cases the phone's set check (themes/default/assets/sets.js) is tested
/// on too (Tests/site/test_phone.py): both must read each the same way.
@Suite struct SharedSetNotationCases {
    struct Case: Decodable {
        let text: String
        let unit: String
        let sets: [Int]?
        let column: Int?
        let message: String?
        let hint: String?
    }

    struct File: Decodable { let cases: [Case] }

    @Test func theSwiftParserReadsEveryCaseAsTheFileSays() throws {
        let url = try #require(Bundle.module.url(forResource: "cases", withExtension: "json", subdirectory: "Fixtures/set-notation"))
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        #expect(file.cases.count > 40)
        for item in file.cases {
            let unit: SiteConfig.Workouts.Unit = item.unit == "lb" ? .lb : .kg
            switch SetNotation.parse(item.text, defaultUnit: unit) {
            case let .success(groups):
                #expect(groups.map(\.count) == item.sets, "\(item.text)")
            case let .failure(failure):
                #expect(item.sets == nil, "\(item.text): \(failure.message)")
                #expect(failure.column == item.column, "\(item.text)")
                #expect(failure.message == item.message, "\(item.text)")
                #expect(failure.hint == item.hint, "\(item.text)")
            }
        }
    }
}
