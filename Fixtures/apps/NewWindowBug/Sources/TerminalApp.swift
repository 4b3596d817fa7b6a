import SwiftUI
import UserNotifications

/// One window group, no view-level conditions: every notification and every link opens another
/// window (the bug reported as "a new window opens every time").
@main
struct TerminalApp: App {
  @NSApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

  var body: some Scene {
    WindowGroup {
      ContentView()
        .onOpenURL { url in
          Workspace.shared.open(url)
        }
    }
  }
}

struct ContentView: View {
  var body: some View {
    WorkspaceView()
  }
}

struct WorkspaceView: View {
  var body: some View { Text("Terminal") }
}

/// A finished command posts a notification that should bring its workspace forward.
func notifyFinished(workspace id: String) {
  let content = UNMutableNotificationContent()
  content.title = "Command finished"
  content.targetContentIdentifier = "workspace/\(id)"
  let request = UNNotificationRequest(identifier: id, content: content, trigger: nil)
  UNUserNotificationCenter.current().add(request)
}
