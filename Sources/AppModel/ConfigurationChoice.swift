import SceneJSON
import SceneRouting
import SourceReading

/// How an app delegate's `application(_:configurationForConnecting:options:)` chooses the scene
/// configuration a new scene gets, read as ordered rules: the first rule whose tests hold names
/// the configuration.
///
/// UIKit asks the app delegate for the configuration of every scene it creates, and uses the
/// first configuration of the role in `UIApplicationSceneManifest` when the delegate does not
/// implement the method (Apple's
/// [`application(_:configurationForConnecting:options:)`](https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:configurationforconnecting:options:))).
/// The rules the tool reads are the shapes apps write: a configuration returned outright, a
/// `switch` or an `if` on the connecting user activity's type or on the session's role, with a
/// name that is a literal or a constant. Anything else is a test the tool cannot decide, and the
/// configuration of a new scene for an event that reaches it is unknown, with the reason.
package struct ConfigurationChoice: Sendable, Hashable {
  /// A test in the method's code, as it applies to the scene being connected.
  package enum Test: Sendable, Hashable {
    /// The connecting user activity's type (`options.userActivities.first?.activityType`)
    /// equals one of the strings.
    case activityType([String])
    /// The connection carries a user activity at all (`if let activity =
    /// options.userActivities.first`).
    case hasUserActivity
    /// The session's role (`connectingSceneSession.role`) is one of the roles.
    case role([SceneSessionRole])
    /// Every one of the checks holds (the negation of an `if a, b` is this one failing).
    indirect case all([Check])
    /// A test the tool does not decide, as written.
    case unknown(String)
  }

  /// A test with the answer it must give.
  package struct Check: Sendable, Hashable {
    package var test: Test
    package var holds: Bool

    /// The same test with the other answer.
    package var negated: Check { Check(test: test, holds: !holds) }

    /// What holds when `checks` do not all hold (an `else` branch, or what follows an `if`
    /// that returned): the one check negated, or their conjunction failing.
    package static func failing(_ checks: [Check]) -> [Check] {
      switch checks.count {
      case 0: [Check(test: .unknown("unreachable"), holds: true)]
      case 1: [checks[0].negated]
      default: [Check(test: .all(checks), holds: false)]
      }
    }
  }

  /// The deepest nesting of blocks a reader follows in the method; deeper code is a test the
  /// tool does not decide.
  package static let depthLimit = 32

  /// The most returns a reader reads in the method (and the helpers it follows): each carries
  /// the tests of those before it, so a method of thousands of branches costs their square.
  /// What follows is one rule the tool does not decide.
  package static let ruleLimit = 256

  /// The rule that stands for the returns past ``ruleLimit``.
  static func unreadRule(line: Int) -> Rule {
    Rule(
      tests: [],
      result: .unknown("the method has more than \(ruleLimit) returns; the rest are not read"),
      line: line)
  }

  /// The helpers a reader follows, shared with the readers it starts for them: each looked up
  /// once, and none followed inside itself.
  final class Helpers<Helper> {
    var found: [String: Helper?] = [:]
    var following: Set<String> = []
  }

  /// One return of the method, with the tests that must hold (or fail) to reach it.
  package struct Rule: Sendable, Hashable {
    /// Each test with the answer it must give for the rule to apply.
    package var tests: [Check]
    /// The configuration's name, or why it is not known.
    package var result: Result
    /// The line of the `return`.
    package var line: Int
  }

  /// A configuration name, or why it is not known.
  package enum Result: Sendable, Hashable {
    case named(String)
    /// The connecting session's own configuration (`connectingSceneSession.configuration`):
    /// the role's first in the manifest, the one UIKit would use without the method.
    case manifestDefault
    case unknown(String)

    /// A configuration made with a `nil` name: no manifest entry matches it.
    static let unnamed = Result.unknown(
      "a configuration with no name, which no manifest entry matches")

    /// A configuration named by what the source does not fix, given as written.
    static func runTimeName(_ written: String) -> Result {
      .unknown("the configuration's name '\(SwiftValues.abbreviated(written))' is a run-time value")
    }

    /// A returned expression the readers do not follow (a helper, a property), as written.
    static func notFollowed(_ written: String) -> Result {
      .unknown("it returns '\(SwiftValues.abbreviated(written))', which the tool does not follow")
    }
  }

  /// What a connecting scene brings that the method can test.
  package enum Connection: Sendable, Hashable {
    /// No user activity: a URL, a notification, a shortcut item, a new window from the system.
    case noActivity
    /// A user activity of a type the source fixes.
    case activity(type: String)
    /// A user activity whose type the source does not fix.
    case activityOfUnknownType
  }

  /// The rules, in the order the method's code reaches them.
  package var rules: [Rule] = []
  /// The method's file and line.
  package var file: String
  package var line: Int

  package init(file: String, line: Int, rules: [Rule] = []) {
    self.file = file
    self.line = line
    self.rules = rules
  }

  /// Where the method is, `file:line`.
  package var place: String { "\(file):\(line)" }

  /// The configuration a new scene of `role` gets for `connection`: the first rule whose tests
  /// hold; unknown when a test before it cannot be decided for the connection, or when no rule
  /// the tool read applies.
  package func configuration(for connection: Connection, role: SceneSessionRole) -> Result {
    for rule in rules {
      var applies: Bool? = true
      for check in rule.tests {
        guard let answer = Self.answer(check.test, connection: connection, role: role) else {
          applies = nil
          break
        }
        if answer != check.holds {
          applies = false
          break
        }
      }
      switch applies {
      case true?: return rule.result
      case false?: continue
      case nil:
        return .unknown(
          "application(_:configurationForConnecting:options:) (\(place)) chooses it by a test "
            + "the tool cannot decide for this event")
      }
    }
    return .unknown(
      "application(_:configurationForConnecting:options:) (\(place)) returns no configuration "
        + "the tool reads for this event")
  }

  /// Whether `test` holds for `connection` and `role`; nil when it cannot be known.
  private static func answer(_ test: Test, connection: Connection, role: SceneSessionRole)
    -> Bool?
  {
    switch test {
    case .activityType(let types):
      switch connection {
      case .noActivity: return false
      case .activity(let type): return types.contains(type)
      case .activityOfUnknownType: return nil
      }
    case .hasUserActivity: return connection != .noActivity
    case .role(let roles): return roles.contains(role)
    case .all(let checks):
      var answer: Bool? = true
      for check in checks {
        guard let holds = Self.answer(check.test, connection: connection, role: role) else {
          answer = nil
          continue
        }
        if holds != check.holds { return false }
      }
      return answer
    case .unknown: return nil
    }
  }

  /// The roles each named configuration is returned for, when its rules test the role: a
  /// configuration made for the external display is a scene of that role, whatever its
  /// `sessionRole:` argument reads (`connectingSceneSession.role`).
  package var roles: [String: [SceneSessionRole]] {
    var roles: [String: [SceneSessionRole]] = [:]
    for rule in rules {
      guard case .named(let name) = rule.result,
        let tested = rule.tests.first(where: {
          if case .role = $0.test { return $0.holds }
          return false
        }),
        case .role(let values) = tested.test
      else { continue }
      roles[name, default: []] += values
    }
    return roles
  }
}

/// The scene session roles by their `Info.plist` keys and their Swift names: every role
/// `UISceneSession.Role` defines. One table, read both ways.
package enum SessionRoleKeys {
  package static let table: [(key: String, role: SceneSessionRole)] = [
    ("UIWindowSceneSessionRoleApplication", .windowApplication),
    ("UIWindowSceneSessionRoleExternalDisplayNonInteractive", .windowExternalDisplayNonInteractive),
    ("UIWindowSceneSessionRoleExternalDisplay", .windowExternalDisplayNonInteractive),
    ("CPTemplateApplicationSceneSessionRoleApplication", "carTemplateApplication"),
    (
      "CPTemplateApplicationDashboardSceneSessionRoleApplication",
      "carTemplateApplicationDashboard"
    ),
    (
      "CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication",
      "carTemplateApplicationInstrumentCluster"
    ),
    ("UIWindowSceneSessionRoleVolumetricApplication", "windowApplicationVolumetric"),
    ("UISceneSessionRoleImmersiveSpaceApplication", "immersiveSpaceApplication"),
  ]

  /// The role a manifest key names; another key is kept as it is written (the router warns).
  package static func role(key: String) -> SceneSessionRole {
    table.first { $0.key == key }?.role ?? SceneSessionRole(rawValue: key)
  }

  /// The manifest key of a role (its first, for a role with a legacy key too); a role the
  /// table does not hold is its own key.
  package static func key(role: SceneSessionRole) -> String {
    table.first { $0.role == role }?.key ?? role.rawValue
  }

  /// The manifest key of a role, by its Swift name (`.windowExternalDisplayNonInteractive`,
  /// `UISceneSession.Role.windowApplication`); nil for a name that is no role.
  package static func key(swiftName: String) -> String? {
    let last = SwiftValues.lastComponent(swiftName)
    let role =
      last == "windowExternalDisplay"
      ? .windowExternalDisplayNonInteractive
      : SceneSessionRole(rawValue: last)
    return table.first { $0.role == role }?.key
  }
}

extension ConfigurationChoice.Check: CustomStringConvertible {
  /// `activity type 'com.example.invoice'`, `no user activity`, `role is not
  /// windowExternalDisplayNonInteractive`, `not (x > 1)`: what must hold, for people.
  package var description: String {
    func quoted(_ values: [String]) -> String {
      values.map { "'\($0)'" }.joined(separator: " or ")
    }
    switch test {
    case .activityType(let types):
      return "activity type \(holds ? "is" : "is not") \(quoted(types))"
    case .hasUserActivity:
      return holds ? "a user activity" : "no user activity"
    case .role(let roles):
      return "role \(holds ? "is" : "is not") \(roles.map(\.rawValue).joined(separator: " or "))"
    case .all(let checks):
      let all = checks.map(\.description).joined(separator: " and ")
      return holds ? all : "not (\(all))"
    case .unknown(let text):
      return holds ? "(\(text))" : "not (\(text))"
    }
  }
}

extension ConfigurationChoice {
  /// One line per rule: `activity type is 'a' → 'Invoice'  file:line`, `otherwise → 'Main'`.
  package var ruleLines: [String] {
    rules.map { rule in
      let tests =
        rule.tests.isEmpty ? "always" : rule.tests.map(\.description).joined(separator: ", ")
      let result: String
      switch rule.result {
      case .named(let name): result = "'\(name)'"
      case .manifestDefault: result = "the role's first configuration in the manifest"
      case .unknown(let reason): result = "unknown (\(reason))"
      }
      return "\(tests) → \(result)  \(file):\(rule.line)"
    }
  }

  /// `{"file", "line", "rules": [{"tests": [{"test", "values", "holds"}], "configuration",
  /// "unknown", "line"}]}`: the choice as `scenes --format json` gives it.
  package var jsonValue: JSONValue {
    func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    let rules: [JSONValue] = rules.map { rule in
      let tests: [JSONValue] = rule.tests.map { check in
        let (name, values): (String, [String]) =
          switch check.test {
          case .activityType(let types): ("activityType", types)
          case .hasUserActivity: ("hasUserActivity", [])
          case .role(let roles): ("role", roles.map(\.rawValue))
          case .all(let checks): ("all", checks.map(\.description))
          case .unknown(let text): ("unknown", [text])
          }
        return .object(
          JSONObject([
            ("test", .string(name)), ("values", .array(values.map(JSONValue.string))),
            ("holds", .bool(check.holds)),
          ]))
      }
      var configuration: JSONValue = .null
      var unknown: JSONValue = .null
      switch rule.result {
      case .named(let name): configuration = .string(name)
      case .manifestDefault: unknown = .string("the role's first configuration in the manifest")
      case .unknown(let reason): unknown = .string(reason)
      }
      return .object(
        JSONObject([
          ("tests", .array(tests)), ("configuration", configuration), ("unknown", unknown),
          ("line", number(rule.line)),
        ]))
    }
    return .object(
      JSONObject([("file", .string(file)), ("line", number(line)), ("rules", .array(rules))]))
  }
}
