import ArgumentParser

/// `scene-router route` (placeholder until routing lands in this change set).
struct RouteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "route", abstract: "Route events to scenes.")
  func run() throws { throw ExitStatus.dataError }
}
