/// The AT-SPI roles the export uses, with their interoperability numbers
/// (`AtspiRole` in at-spi2-core's `atspi-constants.h`) and names.
public enum AtspiRole: UInt32, Sendable, CaseIterable {
    /// A container that is only there for layout: screen readers pass over it.
    case filler = 20
    /// An image.
    case image = 27
    /// Text that does not change.
    case label = 29
    /// A list of rows a person can select: a table view.
    case list = 31
    /// One row of a list.
    case listItem = 32
    /// A top-level window with a title bar: a `Window`.
    case frame = 23
    /// One tab of a page tab list.
    case pageTab = 37
    /// A list of tabs: a tab bar.
    case pageTabList = 38
    /// A container that groups other objects.
    case panel = 39
    /// A text field whose characters are hidden (secure entry).
    case passwordText = 40
    /// A button that performs an action.
    case pushButton = 43
    /// A view that shows part of a larger content and scrolls it: a scroll view.
    case scrollPane = 49
    /// A control that picks a value in a range by steps.
    case slider = 51
    /// A button that toggles between two states.
    case toggleButton = 62
    /// A row of buttons.
    case toolBar = 63
    /// The application: the root of an application's tree.
    case application = 75
    /// A text field (a search field, an editable `AccessibilityTextContent`).
    case entry = 79
    /// A heading.
    case heading = 83
    /// A link.
    case link = 88

    /// The role's name as AT-SPI spells it (`GetRoleName`): "page tab list".
    public var name: String {
        switch self {
        case .filler: "filler"
        case .image: "image"
        case .label: "label"
        case .list: "list"
        case .listItem: "list item"
        case .frame: "frame"
        case .pageTab: "page tab"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .passwordText: "password text"
        case .pushButton: "push button"
        case .scrollPane: "scroll pane"
        case .slider: "slider"
        case .toggleButton: "toggle button"
        case .toolBar: "tool bar"
        case .application: "application"
        case .entry: "entry"
        case .heading: "heading"
        case .link: "link"
        }
    }
}
