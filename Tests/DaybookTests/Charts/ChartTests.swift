@testable import DaybookSite
import PropertyBased
import Testing

@Suite struct ChartTests {
    let frame = ChartFrame.standard

    func points(_ values: [Double]) -> [ChartPoint] {
        values.enumerated().map { ChartPoint(x: Double($0.offset), value: $0.element, label: "d\($0.offset)", tooltip: "t\($0.offset)") }
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    // MARK: axis

    @Test func ticksAreRoundAndCoverTheData() {
        #expect(ChartAxis.ticks(low: 32.1, high: 37.9) == [32, 34, 36, 38])
        #expect(ChartAxis.ticks(low: 0, high: 18) == [0, 10, 20])
        #expect(ChartAxis.ticks(low: 750, high: 825) == [750, 775, 800, 825])
    }

    @Test func equalValuesStillGetAnAxis() {
        let ticks = ChartAxis.ticks(low: 60, high: 60)
        #expect(ticks.count >= 2)
        #expect(ticks.first! < 60 && ticks.last! > 60)
        #expect(ChartAxis.ticks(low: 0, high: 0).count >= 2)
    }

    @Test func scaleMapsTheDomainOntoTheRange() {
        let y = LinearScale(domain: 0...100, from: 200, to: 0)
        #expect(y(0) == 200)
        #expect(y(100) == 0)
        #expect(y(25) == 150)
        #expect(LinearScale(domain: 5...5, from: 10, to: 30)(5) == 20)
    }

    // MARK: line chart

    @Test func lineChartScalesCoordinatesIntoThePlot() throws {
        let layout = try #require(LineChart.layout(points([10, 20, 30]), frame: frame))
        #expect(layout.ticks == [10, 20, 30])
        let (first, middle, last) = (layout.positions[0], layout.positions[1], layout.positions[2])
        // x: evenly spread data stays evenly spread, inside the plot with a small inset.
        #expect(close(first.x, frame.plotLeft + 8))
        #expect(close(last.x, frame.plotRight - 8))
        #expect(close(middle.x, (first.x + last.x) / 2))
        // y: the lowest tick is the bottom, the highest the top; SVG's y grows downwards.
        #expect(close(first.y, frame.plotBottom))
        #expect(close(last.y, frame.plotTop))
        #expect(close(middle.y, (frame.plotBottom + frame.plotTop) / 2))
    }

    @Test func lineChartXFollowsDatesNotIndexes() throws {
        // Days 0, 1 and 10: the gap shows.
        let data = [0.0, 1, 10].map { ChartPoint(x: $0, value: 5, label: "", tooltip: "") }
        let positions = try #require(LineChart.layout(data, frame: frame)).positions
        let width = positions[2].x - positions[0].x
        #expect(close(positions[1].x - positions[0].x, width / 10))
    }

    @Test func emptyDataDrawsNoChart() {
        #expect(LineChart.layout([], frame: frame) == nil)
        #expect(LineChart.svg([], label: "x", unit: "kg") == nil)
        #expect(BarChart.svg([], label: "x", unit: "") == nil)
        #expect(PieChart.svg([], label: "x", centre: "") == nil)
    }

    @Test func onePointIsADotInTheMiddleWithoutALine() throws {
        let layout = try #require(LineChart.layout(points([72.5]), frame: frame))
        #expect(close(layout.positions[0].x, (frame.plotLeft + frame.plotRight) / 2))
        #expect(layout.positions[0].y > frame.plotTop && layout.positions[0].y < frame.plotBottom)
        let svg = try #require(LineChart.svg(points([72.5]), label: "Squat", unit: "kg"))
        #expect(svg.components(separatedBy: "<circle").count == 2)
        #expect(!svg.contains("<polyline"))
    }

    @Test func svgIsAccessibleAndLabelled() throws {
        let svg = try #require(LineChart.svg(points([60, 62.5]), label: "Bench <press> & \"more\"", unit: "kg"))
        #expect(svg.hasPrefix("<svg class=\"chart line-chart\" viewBox=\"0 0 420 200\""))
        #expect(svg.contains("role=\"img\" aria-label=\"Bench &lt;press&gt; &amp; &quot;more&quot;\""))
        #expect(svg.contains("<title>Bench &lt;press&gt; &amp; &quot;more&quot;</title>"))
        #expect(svg.contains(">kg</text>"))
        #expect(svg.contains("<title>t1</title>"))
        #expect(svg.contains(">d0</text>") && svg.contains(">d1</text>"))
        #expect(svg.hasSuffix("</svg>"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    // MARK: bar chart

    @Test func barsStartAtZeroAndScaleWithTheirValues() throws {
        let layout = try #require(BarChart.layout([0, 5, 10], frame: frame))
        #expect(layout.ticks.first == 0)
        #expect(layout.bars[0].height == 0)
        #expect(close(layout.bars[1].height * 2, layout.bars[2].height))
        for bar in layout.bars {
            #expect(close(bar.y + bar.height, frame.plotBottom))
            #expect(bar.x >= frame.plotLeft && bar.x + bar.width <= frame.plotRight)
        }
        #expect(layout.bars[0].x < layout.bars[1].x && layout.bars[1].x < layout.bars[2].x)
    }

    @Test func barChartLabelsEachBarAndItsValue() throws {
        let svg = try #require(BarChart.svg([ChartPoint(x: 0, value: 18, label: "10월", tooltip: "2026년 10월: 18회"),
                                             ChartPoint(x: 0, value: 0, label: "11월", tooltip: "2026년 11월: 0회")],
                                            label: "월별", unit: ""))
        #expect(svg.contains(">10월</text>") && svg.contains(">11월</text>"))
        #expect(svg.contains(">18</text>"))
        #expect(svg.contains("<title>2026년 10월: 18회</title>"))
    }

    // MARK: pie chart

    func parts(_ values: [Double]) -> [PieChart.Part] {
        values.enumerated().map { PieChart.Part(value: $0.element, cssClass: "c\($0.offset)", label: "l\($0.offset)") }
    }

    @Test func slicesFillTheCircleInOrder() throws {
        let slices = try #require(PieChart.slices(parts([3, 1])))
        #expect(slices.map(\.start) == [0, 270])
        #expect(slices.map(\.end) == [270, 360])
        #expect(slices.map(\.fraction) == [0.75, 0.25])
        #expect(slices.reduce(0) { $0 + ($1.end - $1.start) } == 360)
    }

    @Test func aWholeIsAFullCircle() throws {
        let slices = try #require(PieChart.slices(parts([14, 0])))
        #expect(slices.count == 1)
        #expect(slices[0].start == 0 && slices[0].end == 360 && slices[0].fraction == 1)
        let svg = try #require(PieChart.svg(parts([14, 0]), label: "done 14", centre: "100%"))
        // An arc from a point to itself draws nothing, so a whole is a circle, not a path.
        #expect(svg.contains("<circle class=\"slice c0\""))
        #expect(!svg.contains("<path"))
        #expect(svg.contains(">100%</text>"))
    }

    @Test func nothingToShareIsNoPie() {
        #expect(PieChart.slices(parts([0, 0])) == nil)
        #expect(PieChart.slices([]) == nil)
    }

    @Test func aLargeSliceUsesTheLargeArc() throws {
        let svg = try #require(PieChart.svg(parts([3, 1]), label: "x", centre: "75%", size: 100))
        // Centre (50, 50), radius 48: 270° from 12 o'clock ends at 9 o'clock.
        #expect(svg.contains("d=\"M50,50 L50,2 A48,48 0 1 1 2,50 Z\""))
        #expect(svg.contains("d=\"M50,50 L2,50 A48,48 0 0 1 50,2 Z\""))
    }

    static let values = Generator<[Double], Shrink.None<[Double]>> { rng in
        (0..<Int.random(in: 1...12, using: &rng)).map { _ in Double(Int.random(in: 0...500, using: &rng)) / 4 }
    }

    @Test func slicesAlwaysSumTo360() async {
        await propertyCheck(input: Self.values) { values in
            guard let slices = PieChart.slices(parts(values)) else {
                #expect(values.allSatisfy { $0 == 0 })
                return
            }
            #expect(slices.first?.start == 0)
            #expect(slices.last?.end == 360)
            #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.end == $1.start }, "\(values)")
            #expect(abs(slices.reduce(0) { $0 + $1.fraction } - 1) < 1e-9)
        }
    }

    @Test func linePointsStayInsideThePlot() async {
        await propertyCheck(input: Self.values) { values in
            guard let layout = LineChart.layout(points(values), frame: frame) else { return }
            for position in layout.positions {
                #expect(position.x >= frame.plotLeft && position.x <= frame.plotRight, "\(values)")
                #expect(position.y >= frame.plotTop - 1e-9 && position.y <= frame.plotBottom + 1e-9, "\(values)")
            }
        }
    }
}
