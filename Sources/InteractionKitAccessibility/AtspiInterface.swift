/// The D-Bus names of the AT-SPI interfaces the export implements.
public enum AtspiInterface {
    /// Names, role, states, children and parent of every object.
    public static let accessible = "org.a11y.atspi.Accessible"
    /// The application object: toolkit name, version, the registry's id.
    public static let application = "org.a11y.atspi.Application"
    /// Extents and hit testing.
    public static let component = "org.a11y.atspi.Component"
    /// Actions (`click`).
    public static let action = "org.a11y.atspi.Action"
    /// A number in a range (an adjustable element): `CurrentValue`, settable.
    public static let value = "org.a11y.atspi.Value"
    /// The selected children of a container (a tab bar's selected tab).
    public static let selection = "org.a11y.atspi.Selection"
    /// The characters, caret and selections of a text field or a label.
    public static let text = "org.a11y.atspi.Text"
    /// Edits of a text field's text by an assistive technology, each a user edit.
    public static let editableText = "org.a11y.atspi.EditableText"
    /// Bulk queries of the tree (answered with an empty list).
    public static let cache = "org.a11y.atspi.Cache"
    /// The registry's key listeners: `NotifyListenersSync` offers a key to
    /// the screen reader before the application acts on it.
    public static let deviceEventController = "org.a11y.atspi.DeviceEventController"
    /// The registry's `Embed`, which registers an application.
    public static let socket = "org.a11y.atspi.Socket"
    /// The events objects emit (`StateChanged`, `ChildrenChanged`,
    /// `PropertyChange`, `SelectionChanged`).
    public static let objectEvents = "org.a11y.atspi.Event.Object"
    /// The events windows emit (`Activate`, `Deactivate`).
    public static let windowEvents = "org.a11y.atspi.Event.Window"
    /// D-Bus properties (`Get`, `GetAll`, `Set`).
    public static let properties = "org.freedesktop.DBus.Properties"
}
