import UserNotifications

/// Posts a local notification for a new message; tapping it opens the message's thread.
func notifyNewMessage(threadID: String, subject: String) {
  let content = UNMutableNotificationContent()
  content.title = subject
  content.targetContentIdentifier = DeepLinks.thread(threadID).absoluteString
  let request = UNNotificationRequest(identifier: threadID, content: content, trigger: nil)
  UNUserNotificationCenter.current().add(request)
}
