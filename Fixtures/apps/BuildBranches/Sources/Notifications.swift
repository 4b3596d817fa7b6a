import UserNotifications

func notifyInbox() -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = "mail/inbox"
  return content
}

func notifyEvent(id: String) -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = "event/\(id)"
  return content
}

func notifyDraft() -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = "compose/draft"
  return content
}
