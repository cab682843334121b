extension OutputFolder {
    /// A folder inside this one (created if needed), for the viewer's generated asset names.
    func subfolder(_ name: String) throws -> OutputFolder {
        try OutputFolder(url.appendingPathComponent(name).path)
    }
}
