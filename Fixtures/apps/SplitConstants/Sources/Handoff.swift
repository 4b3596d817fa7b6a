import Foundation

func advertise(order number: String) -> NSUserActivity {
  let activity = NSUserActivity(activityType: "com.example.order")
  activity.targetContentIdentifier = Paths.orderPrefix + number
  return activity
}
