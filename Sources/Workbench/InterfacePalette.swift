import Overlay

/// The interface's colours: text that reads on dark translucent panels over any image.
enum InterfacePalette {
    static let white = InterfaceColour(red: 0.95, green: 0.95, blue: 0.95)
    static let grey = InterfaceColour(red: 0.7, green: 0.72, blue: 0.75)
    static let red = InterfaceColour(red: 1, green: 0.42, blue: 0.38)
    static let amber = InterfaceColour(red: 1, green: 0.78, blue: 0.35)
    static let recording = InterfaceColour(red: 1, green: 0.16, blue: 0.16)
    /// A point parameter's handle over the image: a light ring with a dark one inside, seen on any image.
    static let handle = InterfaceColour(red: 1, green: 1, blue: 1, alpha: 0.9)
    static let handleShadow = InterfaceColour(red: 0, green: 0, blue: 0, alpha: 0.7)
}
