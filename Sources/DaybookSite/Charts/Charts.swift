import Foundation

// Inline SVG charts made at build time. Each chart is a pure function from
// values to an SVG string; the geometry is exposed separately so it can be
// tested without parsing SVG. Colours come from CSS classes (`.chart .line`,
// `.slice.done`…) so the charts follow the theme, dark mode and print.
// Every chart is `role="img"` with an aria-label and a <title>; pages put a
// data table beside it for readers who cannot see it.

/// The drawing area of a chart in viewBox units, and the plot inside its margins.
struct ChartFrame: Hashable {
    var width: Double
    var height: Double
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double

    var plotLeft: Double { left }
    var plotRight: Double { width - right }
    var plotTop: Double { top }
    var plotBottom: Double { height - bottom }

    /// Small enough that text stays legible when a phone scales the chart down.
    static let standard = ChartFrame(width: 420, height: 200, left: 44, right: 14, top: 26, bottom: 30)
}

/// Maps a domain of values linearly onto a range of coordinates.
/// A domain of one value maps to the middle of the range.
struct LinearScale: Hashable {
    let domain: ClosedRange<Double>
    /// The coordinates of the domain's lower and upper bound (upper may be smaller: y grows downwards).
    let from: Double
    let to: Double

    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return (from + to) / 2 }
        return from + (value - domain.lowerBound) / span * (to - from)
    }
}

enum ChartAxis {
    /// Round tick values (steps of 1, 2, 2.5 or 5 × 10ⁿ) covering `low…high`,
    /// about `count` of them. Equal bounds are widened so there is an axis.
    static func ticks(low: Double, high: Double, count: Int = 4) -> [Double] {
        var low = low, high = high
        if high <= low {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        let step = niceStep((high - low) / Double(max(1, count - 1)))
        let first = (low / step).rounded(.down) * step
        let last = (high / step).rounded(.up) * step
        let steps = Int(((last - first) / step).rounded())
        // Multiplying, not adding, keeps 0.1 + 0.2-style drift out of the labels.
        return (0...steps).map { first + Double($0) * step }
    }

    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return nice * magnitude
    }
}

/// A value on a chart with the words shown for it.
struct ChartPoint: Hashable {
    /// Position along the x axis (a day number for dates); bar and pie charts ignore it.
    var x: Double
    var value: Double
    /// The axis label (a short date or month).
    var label: String
    /// What a pointer over the point shows, e.g. "11월 20일: 76 kg".
    var tooltip: String
}

enum SVG {
    /// A coordinate with at most two decimals, no trailing zeros: "12.5", "40".
    static func number(_ value: Double) -> String { NumberText.format(value, decimals: 2, .machine) }

    /// The opening tag every chart shares: scalable, accessible, and valid inside HTML.
    static func open(_ frame: ChartFrame, cssClass: String, label: String) -> String {
        let label = Feeds.escape(label)
        return "<svg class=\"chart \(cssClass)\" viewBox=\"0 0 \(number(frame.width)) \(number(frame.height))\" "
            + "width=\"\(number(frame.width))\" height=\"\(number(frame.height))\" role=\"img\" aria-label=\"\(label)\">"
            + "<title>\(label)</title>"
    }

    static func text(_ content: String, x: Double, y: Double, anchor: String = "middle", cssClass: String = "") -> String {
        let css = cssClass.isEmpty ? "" : " class=\"\(cssClass)\""
        return "<text\(css) x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\">\(Feeds.escape(content))</text>"
    }
}

/// A line over time: one point per value, y from round ticks around the data
/// (not from zero, so progress is visible), x proportional to `ChartPoint.x`.
enum LineChart {
    struct Layout: Hashable {
        let ticks: [Double]
        let x: LinearScale
        let y: LinearScale
        /// The points' positions in viewBox units, in the order given.
        let positions: [Position]
    }

    struct Position: Hashable {
        let x: Double
        let y: Double
    }

    /// nil when there are no points.
    static func layout(_ points: [ChartPoint], frame: ChartFrame = .standard) -> Layout? {
        guard let low = points.map(\.value).min(), let high = points.map(\.value).max(),
              let first = points.map(\.x).min(), let last = points.map(\.x).max() else { return nil }
        let ticks = ChartAxis.ticks(low: low, high: high)
        // A little room at both ends so the first and last dots are not cut by the frame.
        let inset = 8.0
        let x = LinearScale(domain: first...last, from: frame.plotLeft + inset, to: frame.plotRight - inset)
        let y = LinearScale(domain: ticks.first!...ticks.last!, from: frame.plotBottom, to: frame.plotTop)
        return Layout(ticks: ticks, x: x, y: y, positions: points.map { Position(x: x($0.x), y: y($0.value)) })
    }

    /// An SVG line chart, or nil when there is nothing to draw.
    /// - Parameters:
    ///   - label: what the chart shows, for screen readers and the tooltip of the whole chart.
    ///   - unit: the y axis title, e.g. "kg".
    ///   - format: how a tick value is written.
    static func svg(_ points: [ChartPoint], label: String, unit: String, frame: ChartFrame = .standard,
                    format: (Double) -> String = SVG.number) -> String? {
        guard let layout = layout(points, frame: frame) else { return nil }
        var svg = SVG.open(frame, cssClass: "line-chart", label: label)
        svg += yAxis(layout.ticks, scale: layout.y, unit: unit, frame: frame, format: format)
        // Dates under the first and last point, and under the middle one when it is
        // far enough from both (a label is about 80 units wide at a phone's text size).
        var labelled = [0, points.count - 1]
        let middle = points.count / 2
        if points.count >= 3, let first = layout.positions.first, let last = layout.positions.last,
           layout.positions[middle].x - first.x >= 90, last.x - layout.positions[middle].x >= 90 {
            labelled.insert(middle, at: 1)
        }
        for index in Set(labelled).sorted() {
            let position = layout.positions[index]
            let anchor = points.count == 1 ? "middle" : index == 0 ? "start" : index == points.count - 1 ? "end" : "middle"
            svg += SVG.text(points[index].label, x: anchor == "start" ? position.x - 4 : anchor == "end" ? position.x + 4 : position.x,
                            y: frame.plotBottom + 18, anchor: anchor)
        }
        if points.count > 1 {
            let path = layout.positions.map { "\(SVG.number($0.x)),\(SVG.number($0.y))" }.joined(separator: " ")
            svg += "<polyline class=\"line\" points=\"\(path)\"/>"
        }
        for (point, position) in zip(points, layout.positions) {
            svg += "<circle class=\"point\" cx=\"\(SVG.number(position.x))\" cy=\"\(SVG.number(position.y))\" r=\"3.5\">"
                + "<title>\(Feeds.escape(point.tooltip))</title></circle>"
        }
        return svg + "</svg>"
    }

    /// Horizontal grid lines with their values, and the unit above the axis.
    static func yAxis(_ ticks: [Double], scale: LinearScale, unit: String, frame: ChartFrame, format: (Double) -> String) -> String {
        var svg = ""
        for tick in ticks {
            let y = scale(tick)
            svg += "<line class=\"grid\" x1=\"\(SVG.number(frame.plotLeft))\" x2=\"\(SVG.number(frame.plotRight))\" "
                + "y1=\"\(SVG.number(y))\" y2=\"\(SVG.number(y))\"/>"
            svg += SVG.text(format(tick), x: frame.plotLeft - 6, y: y + 4, anchor: "end")
        }
        if !unit.isEmpty { svg += SVG.text(unit, x: frame.plotLeft - 6, y: frame.plotTop - 12, anchor: "end", cssClass: "unit") }
        return svg
    }
}

/// Bars from zero, one per value, each labelled below and with its value above.
enum BarChart {
    struct Bar: Hashable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
    }

    struct Layout: Hashable {
        let ticks: [Double]
        let y: LinearScale
        let bars: [Bar]
    }

    /// nil when there are no values. Negative values are drawn as zero.
    static func layout(_ values: [Double], frame: ChartFrame = .standard) -> Layout? {
        guard !values.isEmpty else { return nil }
        let ticks = ChartAxis.ticks(low: 0, high: max(values.max() ?? 0, 1))
        let y = LinearScale(domain: 0...ticks.last!, from: frame.plotBottom, to: frame.plotTop)
        let slot = (frame.plotRight - frame.plotLeft) / Double(values.count)
        let width = min(slot * 0.7, 48)
        let bars = values.enumerated().map { index, value in
            let top = y(max(0, value))
            return Bar(x: frame.plotLeft + slot * Double(index) + (slot - width) / 2, y: top, width: width, height: frame.plotBottom - top)
        }
        return Layout(ticks: ticks, y: y, bars: bars)
    }

    static func svg(_ points: [ChartPoint], label: String, unit: String, frame: ChartFrame = .standard,
                    format: (Double) -> String = SVG.number) -> String? {
        guard let layout = layout(points.map(\.value), frame: frame) else { return nil }
        var svg = SVG.open(frame, cssClass: "bar-chart", label: label)
        svg += LineChart.yAxis(layout.ticks, scale: layout.y, unit: unit, frame: frame, format: format)
        // Label every bar when they fit, else every n-th so the labels do not overlap.
        let every = max(1, Int((Double(points.count) * 34 / (frame.plotRight - frame.plotLeft)).rounded(.up)))
        for (index, (point, bar)) in zip(points, layout.bars).enumerated() {
            let centre = bar.x + bar.width / 2
            svg += "<rect class=\"bar\" x=\"\(SVG.number(bar.x))\" y=\"\(SVG.number(bar.y))\" width=\"\(SVG.number(bar.width))\" "
                + "height=\"\(SVG.number(bar.height))\"><title>\(Feeds.escape(point.tooltip))</title></rect>"
            if point.value > 0 { svg += SVG.text(format(point.value), x: centre, y: bar.y - 4, cssClass: "value") }
            if index % every == 0 || index == points.count - 1 {
                svg += SVG.text(point.label, x: centre, y: frame.plotBottom + 18)
            }
        }
        return svg + "</svg>"
    }
}

/// Shares of a whole as slices of a circle, starting at 12 o'clock, clockwise.
enum PieChart {
    struct Slice: Hashable {
        /// Degrees clockwise from 12 o'clock.
        let start: Double
        let end: Double
        let fraction: Double
        let part: Part
    }

    struct Part: Hashable {
        let value: Double
        let cssClass: String
        let label: String
    }

    /// One slice per positive value, in order; nil when the total is zero.
    static func slices(_ parts: [Part]) -> [Slice]? {
        let total = parts.reduce(0) { $0 + max(0, $1.value) }
        guard total > 0 else { return nil }
        let shown = parts.filter { $0.value > 0 }
        var angle = 0.0
        return shown.enumerated().map { index, part in
            let fraction = part.value / total
            // The last slice closes the circle exactly, whatever the rounding of the others.
            let end = index == shown.count - 1 ? 360 : angle + fraction * 360
            defer { angle = end }
            return Slice(start: angle, end: end, fraction: fraction, part: part)
        }
    }

    /// A point on the circle at `degrees` clockwise from 12 o'clock.
    static func point(_ degrees: Double, radius: Double, cx: Double, cy: Double) -> (x: Double, y: Double) {
        let radians = degrees * .pi / 180
        return (cx + radius * sin(radians), cy - radius * cos(radians))
    }

    /// A ring chart with `centre` written in the hole (the share that matters, e.g. "83%").
    static func svg(_ parts: [Part], label: String, centre: String, size: Double = 120) -> String? {
        guard let slices = slices(parts) else { return nil }
        let frame = ChartFrame(width: size, height: size, left: 0, right: 0, top: 0, bottom: 0)
        let c = size / 2, r = size / 2 - 2
        var svg = SVG.open(frame, cssClass: "pie-chart", label: label)
        for slice in slices {
            let title = "<title>\(Feeds.escape(slice.part.label))</title>"
            if slice.end - slice.start >= 360 {
                // An arc cannot start and end at the same point: a whole is a circle.
                svg += "<circle class=\"slice \(slice.part.cssClass)\" cx=\"\(SVG.number(c))\" cy=\"\(SVG.number(c))\" r=\"\(SVG.number(r))\">\(title)</circle>"
                continue
            }
            let from = point(slice.start, radius: r, cx: c, cy: c)
            let to = point(slice.end, radius: r, cx: c, cy: c)
            let large = slice.end - slice.start > 180 ? 1 : 0
            svg += "<path class=\"slice \(slice.part.cssClass)\" d=\"M\(SVG.number(c)),\(SVG.number(c)) L\(SVG.number(from.x)),\(SVG.number(from.y)) "
                + "A\(SVG.number(r)),\(SVG.number(r)) 0 \(large) 1 \(SVG.number(to.x)),\(SVG.number(to.y)) Z\">\(title)</path>"
        }
        svg += "<circle class=\"hole\" cx=\"\(SVG.number(c))\" cy=\"\(SVG.number(c))\" r=\"\(SVG.number(r * 0.58))\"/>"
        svg += SVG.text(centre, x: c, y: c + 7, cssClass: "centre")
        return svg + "</svg>"
    }
}
