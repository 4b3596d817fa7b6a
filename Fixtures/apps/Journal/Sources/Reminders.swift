import UserNotifications

/// Reminders keep the Objective-C routes the app started with (Legacy/JournalRoutes.h).
func scheduleReminder(for entryID: String) {
  let content = UNMutableNotificationContent()
  content.title = "Write today"
  content.targetContentIdentifier = JournalEntryPrefix + entryID
  let inspector = UNMutableNotificationContent()
  inspector.targetContentIdentifier = JOURNAL_COMPOSE_ROUTE
}
