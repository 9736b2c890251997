import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// A slider as an app would write it: an adjustable element whose number
/// is its model, taking values a screen reader sets.
@MainActor
final class VolumeSlider: View {
    var volume = 40.0 {
        didSet {
            accessibilityNumericValue = AccessibilityNumericValue(current: volume, minimum: 0, maximum: 100, step: 5)
            accessibilityValue = "\(Int(volume)) %"
        }
    }
    var refuses = false
    var requests: [Double] = []

    override init(frame: Rect) {
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityLabel = "Volume"
        accessibilityTraits = .adjustable
        accessibilityNumericValue = AccessibilityNumericValue(current: volume, minimum: 0, maximum: 100, step: 5)
        accessibilityValue = "40 %"
    }

    override func accessibilitySetNumericValue(_ value: Double) -> Bool {
        requests.append(value)
        guard !refuses else { return false }
        volume = value
        return true
    }
}

@Suite("AT-SPI Value: adjustable elements as numbers")
@MainActor
struct AtspiValueTests {
    let window = Window.phone()
    let slider = VolumeSlider(frame: Rect(x: 20, y: 200, width: 300, height: 44))
    let client: ExportClient

    init() {
        window.addSubview(slider)
        client = ExportClient(window: window)
    }

    var sliderPath: String { client.path(of: slider) }

    func setCurrentValue(_ value: DBusValue) throws -> DBusMessage {
        try client.call(sliderPath, AtspiInterface.properties, "Set",
                        [.string(AtspiInterface.value), .string("CurrentValue"), .variant(value)])
    }

    @Test("An adjustable element with a number is a slider with Value: range, step, current value and its text")
    func readsTheValue() throws {
        #expect(try client.role(sliderPath) == "slider")
        let interfaces = try client.values(sliderPath, AtspiInterface.accessible, "GetInterfaces").first?.elements
        #expect(interfaces?.contains(.string(AtspiInterface.value)) == true)
        let all = try client.values(sliderPath, AtspiInterface.properties, "GetAll", [.string(AtspiInterface.value)])
        let entries = all.first?.dictionaryEntries?.map { ($0.key.string ?? "", $0.value.variantContent) }
        #expect(entries?.map(\.0) == ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"])
        #expect(entries?.map(\.1) == [.double(0), .double(100), .double(5), .double(40), .string("40 %")])
        // Orca says the text of a value from the valuetext attribute.
        let attributes = try client.values(sliderPath, AtspiInterface.accessible, "GetAttributes").first?.dictionaryEntries
        #expect(attributes?.contains { $0.key == .string("valuetext") && $0.value == .string("40 %") } == true)
        // Without a text, the number says itself.
        slider.accessibilityValue = nil
        #expect(try client.property(sliderPath, AtspiInterface.value, "Text") == .string("40"))
    }

    @Test("Setting CurrentValue offers the number, clamped into the range, to accessibilitySetNumericValue")
    func setsTheValue() throws {
        #expect(try setCurrentValue(.double(55)).kind == .methodReturn)
        #expect(slider.volume == 55)
        #expect(try setCurrentValue(.double(500)).kind == .methodReturn)
        #expect(slider.requests == [55, 100])
        #expect(try setCurrentValue(.int32(-3)).kind == .methodReturn)
        #expect(slider.volume == 0)
        #expect(try client.property(sliderPath, AtspiInterface.value, "CurrentValue") == .double(0))
    }

    @Test("A refused, non-finite or non-numeric value, or another property, is a D-Bus error and changes nothing")
    func badValues() throws {
        slider.refuses = true
        #expect(try setCurrentValue(.double(10)).errorName == DBusErrorName.failed)
        slider.refuses = false
        #expect(try setCurrentValue(.double(.nan)).errorName == DBusErrorName.invalidArgs)
        #expect(try setCurrentValue(.double(.infinity)).errorName == DBusErrorName.invalidArgs)
        #expect(try setCurrentValue(.string("loud")).errorName == DBusErrorName.invalidArgs)
        #expect(try setCurrentValue(.variant(.double(3))).errorName == DBusErrorName.invalidArgs)
        #expect(slider.requests == [10])
        #expect(slider.volume == 40)
        let minimum = try client.call(sliderPath, AtspiInterface.properties, "Set",
                                      [.string(AtspiInterface.value), .string("MinimumValue"), .variant(.double(1))])
        #expect(minimum.errorName == DBusErrorName.propertyReadOnly)
        // An object without Value has no such property.
        let frame = try client.call(client.frame, AtspiInterface.properties, "Set",
                                    [.string(AtspiInterface.value), .string("CurrentValue"), .variant(.double(1))])
        #expect(frame.errorName == DBusErrorName.unknownProperty)
    }

    @Test("A change of the number is announced as accessible-value with the new number")
    func announcesChanges() throws {
        _ = sliderPath
        slider.volume = 65
        // The number and the text both changed: one event each, from the slider.
        #expect(client.eventLines == ["PropertyChange accessible-value 0 at \(sliderPath)",
                                      "PropertyChange accessible-value 0 at \(sliderPath)"])
        #expect(client.events.first?.body[3] == .variant(.double(65)))
        client.clearEvents()
        slider.accessibilityNumericValue = slider.accessibilityNumericValue
        #expect(client.events.isEmpty, "the same value is no change")
    }

    @Test("Only an adjustable element with a number has Value")
    func whoHasValue() throws {
        slider.accessibilityTraits = []
        #expect(try client.values(sliderPath, AtspiInterface.accessible, "GetInterfaces").first?.elements?
            .contains(.string(AtspiInterface.value)) == false)
        slider.accessibilityTraits = .adjustable
        slider.accessibilityNumericValue = nil
        #expect(try client.role(sliderPath) == "slider")
        #expect(try client.call(sliderPath, AtspiInterface.properties, "Get",
                                [.string(AtspiInterface.value), .string("CurrentValue")]).errorName
            == DBusErrorName.unknownProperty)
    }
}

@Suite("Numeric values and their default steps")
@MainActor
struct AccessibilityNumericValueTests {
    @Test("Clamping keeps a value in the range; a range that is not one leaves it alone")
    func clamping() {
        let value = AccessibilityNumericValue(current: 5, minimum: 0, maximum: 10, step: 2)
        #expect(value.clamped(-1) == 0)
        #expect(value.clamped(11) == 10)
        #expect(value.clamped(3.5) == 3.5)
        #expect(AccessibilityNumericValue(current: 0, minimum: 5, maximum: 1, step: 1).clamped(9) == 9)
        #expect(AccessibilityNumericValue(current: 0, minimum: .nan, maximum: 1, step: 1).clamped(9) == 9)
        #expect(value.stepped(by: 1) == 7)
        #expect(value.stepped(by: -3) == 0)
        #expect(AccessibilityNumericValue(current: 10, minimum: 0, maximum: 10, step: 2).stepped(by: 1) == nil)
        #expect(AccessibilityNumericValue(current: 1, minimum: 0, maximum: 10, step: 0).stepped(by: 1) == nil)
        #expect(AccessibilityNumericValue(current: .nan, minimum: 0, maximum: 10, step: 1).stepped(by: 1) == nil)
        #expect(AccessibilityNumericValue(current: 1, minimum: 0, maximum: 10, step: .infinity).stepped(by: 1) == nil)
    }

    @Test("A view's increment and decrement step its number through accessibilitySetNumericValue, within the range")
    func viewSteps() {
        let slider = VolumeSlider(frame: .zero)
        slider.accessibilityIncrement()
        #expect(slider.volume == 45)
        slider.volume = 98
        slider.accessibilityIncrement()
        #expect(slider.volume == 100)
        slider.accessibilityIncrement()
        #expect(slider.requests == [45, 100], "nothing is asked at the end of the range")
        slider.accessibilityDecrement()
        #expect(slider.volume == 95)
        // A view with no number, or one that refuses, stays as it is.
        let plain = View()
        plain.accessibilityIncrement()
        plain.accessibilityNumericValue = AccessibilityNumericValue(current: 1, minimum: 0, maximum: 2, step: 1)
        plain.accessibilityIncrement()
        #expect(plain.accessibilityNumericValue?.current == 1)
    }

    @Test("An element steps the same way; a UIKit-style override of increment replaces the default")
    func elementSteps() {
        final class Stepper: AccessibilityElement {
            var count = 3
            override var accessibilityNumericValue: AccessibilityNumericValue? {
                get { AccessibilityNumericValue(current: Double(count), minimum: 0, maximum: 9, step: 1) }
                set {}
            }
            override func accessibilitySetNumericValue(_ value: Double) -> Bool {
                count = Int(value)
                return true
            }
        }
        final class UIKitStepper: AccessibilityElement {
            var count = 3
            override func accessibilityIncrement() { count += 10 }
        }
        let stepper = Stepper(accessibilityContainer: nil)
        stepper.accessibilityIncrement()
        stepper.accessibilityIncrement()
        stepper.accessibilityDecrement()
        #expect(stepper.count == 4)
        let uikit = UIKitStepper(accessibilityContainer: nil)
        uikit.accessibilityIncrement()
        uikit.accessibilityDecrement()
        #expect(uikit.count == 13)
        // Through the protocol, as the export and the keyboard call them.
        let node: any AccessibilityNode = uikit
        node.accessibilityIncrement()
        #expect(uikit.count == 23)
    }

    @Test("Setting a view's number tells the observers once per change; the same number is no change")
    func viewNotifications() {
        let window = Window.phone()
        let view = View()
        window.addSubview(view)
        var changes: [AccessibilityChange] = []
        window.addAccessibilityObserver { changes.append($0.change) }
        view.accessibilityNumericValue = AccessibilityNumericValue(current: 1, minimum: 0, maximum: 2, step: 1)
        view.accessibilityNumericValue = AccessibilityNumericValue(current: 1, minimum: 0, maximum: 2, step: 1)
        view.accessibilityNumericValue = AccessibilityNumericValue(current: 2, minimum: 0, maximum: 2, step: 1)
        #expect(changes == [.value, .value])
        let element = AccessibilityElement(accessibilityContainer: view)
        element.accessibilityNumericValue = AccessibilityNumericValue(current: 1, minimum: 0, maximum: 2, step: 1)
        element.accessibilityNumericValue = AccessibilityNumericValue(current: 1, minimum: 0, maximum: 2, step: 1)
        #expect(changes == [.value, .value, .value])
    }
}
