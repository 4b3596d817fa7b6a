import SwiftUI

// Interpolated strings are templates: literal parts and holes, routed for every hole value.
struct ThreadView: View {
  let id: String

  var body: some View {
    Text(id)
      .handlesExternalEvents(preferring: ["chat/thread/\(id)"], allowing: ["chat/thread/"])  // ⟵ swiftui.preferring template, swiftui.allowing literal
  }
}

func templated(_ conditions: UISceneActivationConditions, thread: String) {
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'chat/thread/\(thread)'")  // ⟵ prefersToActivate template [lint.interpolated-format]
  // Holes inside quotes: checked as a run-time string; a key path other than SELF is an error.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "identifier == '\(thread)'")  // ⟵ canActivate template [lint.interpolated-format validation.key-path]
}

// A template passed as a %@ argument: the predicate is a template, quoted as NSPredicate prints it.
func templatedArgument(_ conditions: UISceneActivationConditions, session: String) {
  let identifier = "com.example.sessions/\(session)"
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", identifier)  // ⟵ prefersToActivate template
}

// Concatenation is interpolation by another name: known parts join, a run-time part is a hole.
enum Scheme { static let details = "notes://details" }

func concatenated(_ conditions: UISceneActivationConditions, name: String) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", Scheme.details + "/")  // ⟵ canActivate same-file constant
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", Scheme.details + "/" + name)  // ⟵ prefersToActivate template
  _ = EmptyView().handlesExternalEvents(preferring: [Scheme.details + "/" + name], allowing: ["*"])  // ⟵ swiftui.preferring template, swiftui.allowing literal
}

// String(format:) is a template too; with every argument known, it is the text.
func stringFormat(_ conditions: UISceneActivationConditions, id: String) {
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: String(format: "SELF == '%@'", id))  // ⟵ prefersToActivate template [lint.interpolated-format]
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", String(format: "%@/%d/", Scheme.details, 2))  // ⟵ canActivate same-file constant
}
