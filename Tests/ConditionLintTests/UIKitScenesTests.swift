import AppModel
import ConditionLint
import PredicateTestSupport
import SceneRouting
import SourceReading
import Testing

/// UIKit scenes as UIKit opens them: the configuration `configurationForConnecting` gives a new
/// scene (Swift and Objective-C), default conditions, roles, handlers.
@Suite("UIKit scenes: the configuration a new scene gets, default conditions, roles")
struct UIKitScenesTests {
  /// The choice read from `source`, an app delegate in Swift or (`objC`) in Objective-C.
  private func choice(_ source: String, objC: Bool = false) throws -> ConfigurationChoice {
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": AppModelTests.manifest([("Main", "MainDelegate"), ("Order", "OrderDelegate")]
        ),
        objC ? "AppDelegate.m" : "AppDelegate.swift": utf8(source),
      ])
    ])
    let app = try #require(run.catalog?.apps.first)
    return try #require(app.configurationChoice)
  }

  private func choice(swift source: String) throws -> ConfigurationChoice {
    try choice(source)
  }

  private func choice(objC source: String) throws -> ConfigurationChoice {
    try choice(source, objC: true)
  }

  /// Expects `choice` to give each named configuration for its connection, in the application
  /// role.
  private func expect(
    _ choice: ConfigurationChoice, _ expected: [(ConfigurationChoice.Connection, String)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (connection, name) in expected {
      #expect(
        choice.configuration(for: connection, role: .windowApplication) == .named(name),
        "\(connection)", sourceLocation: sourceLocation)
    }
  }

  @Test("a switch on the activity type, an if on the role, a default")
  func switchOnActivityType() throws {
    let choice = try choice(
      swift: """
        import UIKit
        enum Types { static let order = "com.example.order" }
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            guard session.role != .windowExternalDisplayNonInteractive else {
              return UISceneConfiguration(name: "TV", sessionRole: session.role)
            }
            switch options.userActivities.first?.activityType {
            case Types.order, "com.example.orders":
              let configuration = UISceneConfiguration(name: "Order", sessionRole: session.role)
              configuration.delegateClass = OrderDelegate.self
              return configuration
            default:
              return UISceneConfiguration(name: "Main", sessionRole: session.role)
            }
          }
        }
        """)
    let external = SceneSessionRole.windowExternalDisplayNonInteractive
    #expect(choice.configuration(for: .noActivity, role: external) == .named("TV"))
    #expect(choice.configuration(for: .noActivity, role: .windowApplication) == .named("Main"))
    #expect(
      choice.configuration(for: .activity(type: "com.example.order"), role: .windowApplication)
        == .named("Order"))
    #expect(
      choice.configuration(for: .activity(type: "com.example.orders"), role: .windowApplication)
        == .named("Order"))
    #expect(
      choice.configuration(for: .activity(type: "other"), role: .windowApplication)
        == .named("Main"))
    // An activity whose type the source does not fix: the choice is unknown, with the reason.
    guard
      case .unknown(let reason) = choice.configuration(
        for: .activityOfUnknownType, role: .windowApplication)
    else {
      Issue.record("an unknown activity type chose a configuration")
      return
    }
    #expect(reason.contains("cannot decide"))
    #expect(choice.roles["TV"] == [external])
  }

  @Test("a configuration's scene subclass (UISceneClassName) sets its own conditions")
  func sceneSubclassConditions() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>UIApplicationSceneManifest</key><dict>
      <key>UIApplicationSupportsMultipleScenes</key><true/>
      <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array>
      <dict><key>UISceneConfigurationName</key><string>Main</string></dict>
      <dict><key>UISceneConfigurationName</key><string>Compose</string>
      <key>UISceneClassName</key><string>ComposeScene</string></dict>
      </array></dict></dict></dict></plist>
      """
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": utf8(plist),
        "ComposeScene.m": utf8(
          """
          @implementation ComposeScene
          - (void)configure {
              NSPredicate *predicate = [NSPredicate predicateWithFormat:@"self BEGINSWITH %@", @"compose/"];
              [self.activationConditions setPrefersToActivateForTargetContentIdentifierPredicate:predicate];
          }
          @end
          """),
      ])
    ])
    let app = try #require(run.catalog?.apps.first)
    let compose = try #require(app.sceneConfigurations.last)
    #expect(compose.sceneClass == "ComposeScene" && compose.delegateClass == nil)
    #expect(compose.activationConditions.map(\.format) == [#"SELF BEGINSWITH "compose/""#])
    // Its own, not a condition set at run time on any scene.
    #expect(app.runTimeConditions.isEmpty)

    // A configuration made in code names its scene class the same way.
    let made = Linter.readApp(paths: [
      try tree([
        "AppDelegate.swift": utf8(
          """
          import UIKit
          class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
              let configuration = UISceneConfiguration(name: "Compose", sessionRole: session.role)
              configuration.sceneClass = ComposeScene.self
              return configuration
            }
          }
          """)
      ])
    ])
    #expect(made.catalog?.apps.first?.sceneConfigurations.first?.sceneClass == "ComposeScene")
  }

  @Test("Objective-C: a configuration made in code names its delegate and scene classes")
  func objCCodedConfiguration() throws {
    let run = Linter.readApp(paths: [
      try tree([
        "AppDelegate.m": utf8(
          """
          @implementation AppDelegate
          - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
              if ([options.userActivities.anyObject.activityType isEqualToString:@"compose"]) {
                  UISceneConfiguration *compose = [[UISceneConfiguration alloc] initWithName:@"Compose" sessionRole:connectingSceneSession.role];
                  compose.delegateClass = [ComposeSceneDelegate class];
                  [compose setSceneClass:ComposeScene.class];
                  return compose;
              }
              UISceneConfiguration *tv = [UISceneConfiguration configurationWithName:@"TV" sessionRole:UIWindowSceneSessionRoleExternalDisplayNonInteractive];
              tv.delegateClass = NSClassFromString(@"TVSceneDelegate");
              // other.delegateClass = [Nothing class]; is a comment, and `other` no configuration.
              other.delegateClass = [Unrelated class];
              return tv;
          }
          @end
          """),
        "ComposeSceneDelegate.m": utf8(
          """
          @implementation ComposeSceneDelegate
          - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
              scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"self BEGINSWITH 'compose/'"];
          }
          @end
          """),
      ])
    ])
    let app = try #require(run.catalog?.apps.first)
    #expect(app.name == "AppDelegate")
    let configurations = app.sceneConfigurations
    #expect(configurations.map(\.name) == ["Compose", "TV"])
    #expect(configurations.map(\.delegateClass) == ["ComposeSceneDelegate", "TVSceneDelegate"])
    #expect(configurations.map(\.sceneClass) == ["ComposeScene", nil])
    #expect(
      configurations.map(\.role) == [
        "UIWindowSceneSessionRoleApplication",
        "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
      ])
    #expect(configurations.first?.line == 4)
    // The delegate's conditions are the configuration's.
    #expect(
      configurations.first?.activationConditions.map(\.format) == [#"SELF BEGINSWITH "compose/""#])
    // Hostile: 20,000 messages nested in one another, each a configuration's, are read in
    // bounded work per message (none closes within the bound: none is a configuration).
    let nested = String(repeating: "[UISceneConfiguration configurationWithName:", count: 20_000)
    let hostile = AppObjCFile(
      path: "Hostile.m",
      bytes: Array("@implementation H\n- (void)f { x = \(nested); }\n@end\n".utf8))
    #expect(hostile.configurations.isEmpty)
  }

  @Test(
    "Objective-C: a method of the same file the options or the activity are passed to is followed")
  func objCHelperFollowed() throws {
    let choice = try choice(
      objC: """
        @implementation AppDelegate
        - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
            return [self configurationForOptions:options role:session.role];
        }
        - (UISceneConfiguration *)configurationForOptions:(UISceneConnectionOptions *)connection role:(UISceneSessionRole)role {
            NSUserActivity *activity = connection.userActivities.anyObject;
            if ([activity.activityType isEqualToString:@"order"]) {
                return [UISceneConfiguration configurationWithName:@"Order" sessionRole:role];
            }
            return [UISceneConfiguration configurationWithName:@"Main" sessionRole:role];
        }
        @end
        """)
    expect(
      choice,
      [
        (.noActivity, "Main"), (.activity(type: "order"), "Order"),
        (.activity(type: "other"), "Main"),
      ])
  }

  @Test("hostile: thousands of returns and a helper that calls itself are read within bounds")
  func boundedChoice() throws {
    let branches = (0..<1_000).map {
      "    if options.userActivities.first?.activityType == \"t\($0)\" { return helper(options) }"
    }
    let swift = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        \(branches.joined(separator: "\n"))
            return UISceneConfiguration(name: "Main", sessionRole: session.role)
          }
          func helper(_ options: UIScene.ConnectionOptions) -> UISceneConfiguration { helper(options) }
        }
        """)
    #expect(swift.rules.count == ConfigurationChoice.ruleLimit + 1)
    guard case .unknown(let reason) = swift.rules.last?.result else {
      Issue.record("the returns past the limit are not one unknown rule")
      return
    }
    #expect(reason.contains("more than \(ConfigurationChoice.ruleLimit) returns"))
    // The helper, calling itself, is followed once: its own call is not followed again.
    #expect(
      swift.configuration(for: .activity(type: "t0"), role: .windowApplication)
        == .unknown("it returns 'helper(options)', which the tool does not follow"))
    let objC = try choice(
      objC: """
        @implementation AppDelegate
        - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
        \((0..<1_000).map { "    if ([options.userActivities.anyObject.activityType isEqualToString:@\"t\($0)\"]) { return [self helper:options]; }" }.joined(separator: "\n"))
            return [UISceneConfiguration configurationWithName:@"Main" sessionRole:session.role];
        }
        - (UISceneConfiguration *)helper:(UISceneConnectionOptions *)options { return [self helper:options]; }
        @end
        """)
    #expect(objC.rules.count == ConfigurationChoice.ruleLimit + 1)
  }

  @Test("hostile: a delegate cut off anywhere (an unclosed if, brace or message) is read")
  func cutOffDelegates() throws {
    // FailCases/FuzzApp/configuration-choice-unclosed-if: an `if (` the file ends inside.
    let objC = """
      @implementation AppDelegate
      - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
          NSUserActivity *activity = options.userActivities.anyObject;
          if ([activity.activityType isEqualToString:@"order"] && session.role == UIWindowSceneSessionRoleApplication) {
              UISceneConfiguration *made = [[UISceneConfiguration alloc] initWithName:@"Order" sessionRole:session.role];
              return made;
          } else if (!activity) { return [self helper:options role:session.role]; }
          switch (x) { case 1: break; }
          return session.configuration;
      }
      - (UISceneConfiguration *)helper:(UISceneConnectionOptions *)o role:(UISceneSessionRole)role {
          if ([o.userActivities.anyObject.activityType isEqualToString:@"a"]) { return [UISceneConfiguration configurationWithName:@"Main" sessionRole:role]; }
          return nil;
      }
      @end
      """
    let whole = Array(objC.utf8)
    for length in 0...whole.count {
      let read = AppObjCFile(path: "AppDelegate.m", bytes: Array(whole[..<length]))
      for rule in read.configurationChoice?.rules ?? [] {
        #expect((1...20).contains(rule.line), "cut at \(length): line \(rule.line)")
      }
    }
    #expect(
      AppObjCFile(path: "AppDelegate.m", bytes: whole).configurationChoice?.configuration(
        for: .activity(type: "order"), role: .windowApplication) == .named("Order"))
  }

  @Test("hostile: every fixture's Objective-C file cut off at any byte is read without a trap")
  func cutOffFixtureFiles() throws {
    let files = Fixtures.allFiles(below: "apps").filter { $0.hasSuffix(".m") || $0.hasSuffix(".h") }
    #expect(files.count >= 10)
    for path in files {
      let whole = try #require(Fixtures.readBytes(Fixtures.root + "/" + path))
      for length in 0...whole.count {
        let read = AppObjCFile(path: path, bytes: Array(whole[..<length]))
        let lines = whole[..<length].count(where: { $0 == UInt8(ascii: "\n") }) + 1
        for producer in read.producers {
          #expect((1...lines).contains(producer.line), "\(path) cut at \(length)")
        }
      }
    }
  }

  @Test("a helper of the same file given the options, the role or the activity is followed")
  func helperFollowed() throws {
    let choice = try choice(
      swift: """
        import UIKit
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            if let activity = options.userActivities.first {
              return Configurator.configuration(for: activity, role: session.role)
            }
            return configuration(options, session.role)
          }
          private func configuration(_ connection: UIScene.ConnectionOptions, _ role: UISceneSession.Role) -> UISceneConfiguration {
            connection.userActivities.first?.activityType == "order"
              ? UISceneConfiguration(name: "Order", sessionRole: role)
              : UISceneConfiguration(name: "Main", sessionRole: role)
          }
        }
        enum Configurator {
          static func configuration(for activity: NSUserActivity, role: UISceneSession.Role) -> UISceneConfiguration {
            guard role == .windowApplication else { return UISceneConfiguration(name: "TV", sessionRole: role) }
            switch activity.activityType {
            case "order": return UISceneConfiguration(name: "Order", sessionRole: role)
            default: return UISceneConfiguration(name: "Main", sessionRole: role)
            }
          }
        }
        """)
    expect(
      choice,
      [
        (.noActivity, "Main"), (.activity(type: "order"), "Order"),
        (.activity(type: "other"), "Main"),
      ])
    #expect(
      choice.configuration(
        for: .activity(type: "order"), role: .windowExternalDisplayNonInteractive) == .named("TV"))
    #expect(
      !choice.rules.contains {
        if case .unknown = $0.result { true } else { false }
      })
  }

  @Test("an implicit return, if-let of the activity, a ternary, and what is not followed")
  func otherShapes() throws {
    let implicit = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ app: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            UISceneConfiguration(name: "Main", sessionRole: session.role)
          }
        }
        """)
    #expect(
      implicit.configuration(for: .activityOfUnknownType, role: .windowApplication)
        == .named("Main"))
    let ifLet = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ app: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            if let activity = options.userActivities.first, activity.activityType == "com.example.order" {
              return UISceneConfiguration(name: "Order", sessionRole: session.role)
            }
            let isOrder = options.userActivities.isEmpty
            return UISceneConfiguration(name: isOrder ? "Main" : "Main", sessionRole: session.role)
          }
        }
        """)
    #expect(
      ifLet.configuration(for: .activity(type: "com.example.order"), role: .windowApplication)
        == .named("Order"))
    #expect(
      ifLet.configuration(for: .noActivity, role: .windowApplication)
        == .unknown(
          "the configuration's name 'isOrder ? \"Main\" : \"Main\"' is a run-time value"))
    let ternary = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ app: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            return session.role == .windowApplication
              ? UISceneConfiguration(name: "Main", sessionRole: session.role)
              : session.configuration
          }
        }
        """)
    #expect(ternary.configuration(for: .noActivity, role: .windowApplication) == .named("Main"))
    #expect(
      ternary.configuration(for: .noActivity, role: .windowExternalDisplayNonInteractive)
        == .manifestDefault)
    // A name or a configuration given to a local in branches: the last value given it whose
    // branch is taken.
    let local = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ app: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            var name = "Main"
            if options.userActivities.first?.activityType == "com.example.order" {
              name = "Order"
            }
            let configuration: UISceneConfiguration
            switch session.role {
            case .windowExternalDisplayNonInteractive:
              configuration = UISceneConfiguration(name: "TV", sessionRole: session.role)
            default:
              configuration = UISceneConfiguration(name: name, sessionRole: session.role)
            }
            return configuration
          }
        }
        """)
    #expect(local.configuration(for: .noActivity, role: .windowApplication) == .named("Main"))
    #expect(
      local.configuration(for: .activity(type: "com.example.order"), role: .windowApplication)
        == .named("Order"))
    #expect(
      local.configuration(for: .noActivity, role: .windowExternalDisplayNonInteractive)
        == .named("TV"))
    // The activity or the session's restoration activity, a name per type, one return.
    let restoring = try choice(
      swift: """
        enum SceneActivityType { static let compose = "com.example.compose" }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(
            _ application: UIApplication,
            configurationForConnecting connectingSceneSession: UISceneSession,
            options: UIScene.ConnectionOptions
          ) -> UISceneConfiguration {
            let activity = options.userActivities.first ?? connectingSceneSession.stateRestorationActivity
            let configurationName: String
            switch activity?.activityType {
            case SceneActivityType.compose:
              configurationName = "Compose"
            default:
              configurationName = "Default Configuration"
            }
            return UISceneConfiguration(name: configurationName, sessionRole: connectingSceneSession.role)
          }
        }
        """)
    #expect(
      restoring.configuration(for: .activity(type: "com.example.compose"), role: .windowApplication)
        == .named("Compose"))
    #expect(
      restoring.configuration(for: .noActivity, role: .windowApplication)
        == .named("Default Configuration"))
    let helper = try choice(
      swift: """
        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ app: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            if FeatureFlags.newWindows { return makeConfiguration(for: options) }
            return UISceneConfiguration(name: "Main", sessionRole: session.role)
          }
        }
        """)
    guard
      case .unknown(let reason) = helper.configuration(for: .noActivity, role: .windowApplication)
    else {
      Issue.record("a test the tool cannot decide chose a configuration")
      return
    }
    #expect(reason.contains("a test the tool cannot decide"))
  }

  @Test("Objective-C: if/else on isEqualToString: and the role, alloc/init and a local")
  func objectiveC() throws {
    let choice = try choice(
      objC: """
        #import "AppDelegate.h"
        static NSString * const OrderActivity = @"com.example.order";
        @implementation AppDelegate
        // - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)s options:(UISceneConnectionOptions *)o { return nil; }
        - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
            if (connectingSceneSession.role == UIWindowSceneSessionRoleExternalDisplayNonInteractive) {
                return [UISceneConfiguration configurationWithName:@"TV" sessionRole:connectingSceneSession.role];
            }
            NSUserActivity *activity = options.userActivities.anyObject;
            if (activity && [activity.activityType isEqualToString:OrderActivity]) {
                UISceneConfiguration *configuration = [[UISceneConfiguration alloc] initWithName:@"Order" sessionRole:connectingSceneSession.role];
                return configuration;
            } else {
                return [[UISceneConfiguration alloc] initWithName:@"Main" sessionRole:connectingSceneSession.role];
            }
        }
        @end
        """)
    #expect(choice.line == 5)
    #expect(
      choice.configuration(for: .noActivity, role: .windowExternalDisplayNonInteractive)
        == .named("TV"))
    #expect(choice.configuration(for: .noActivity, role: .windowApplication) == .named("Main"))
    #expect(
      choice.configuration(for: .activity(type: "com.example.order"), role: .windowApplication)
        == .named("Order"))
    #expect(
      choice.configuration(for: .activity(type: "com.example.invoice"), role: .windowApplication)
        == .named("Main"))
  }

  @Test("Objective-C: a switch the tool does not read leaves what follows it unknown")
  func objectiveCSwitch() throws {
    let choice = try choice(
      objC: """
        @implementation AppDelegate
        - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
            switch (self.mode) {
                case 1: return [UISceneConfiguration configurationWithName:@"Order" sessionRole:session.role];
                default: break;
            }
            return [UISceneConfiguration configurationWithName:@"Main" sessionRole:session.role];
        }
        @end
        """)
    #expect(choice.rules.count == 1)
    guard case .unknown = choice.configuration(for: .noActivity, role: .windowApplication) else {
      Issue.record("a configuration chosen past a switch the tool does not read")
      return
    }
  }

  @Test("Objective-C requests: the activity's identifier and type, routed through the choice")
  func objectiveCRequests() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate"), ("Order", "OrderDelegate")])
    let source = """
      #import <UIKit/UIKit.h>
      @implementation MainDelegate
      @end
      @implementation OrderDelegate
      - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
          scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'order/'"];
      }
      @end
      @implementation AppDelegate
      - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
          if ([options.userActivities.anyObject.activityType isEqualToString:@"com.example.order"]) {
              return [UISceneConfiguration configurationWithName:@"Order" sessionRole:connectingSceneSession.role];
          }
          return [UISceneConfiguration configurationWithName:@"Main" sessionRole:connectingSceneSession.role];
      }
      - (void)showOrder:(NSString *)orderID {
          NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"com.example.order"];
          activity.targetContentIdentifier = [@"order/" stringByAppendingString:orderID];
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil];
      }
      - (void)showReturn:(NSString *)orderID {
          NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"com.example.return"];
          activity.targetContentIdentifier = [NSString stringWithFormat:@"order/%@/return", orderID];
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil];
      }
      @end
      """
    let run = Linter.readApp(paths: [try tree(["Info.plist": plist, "App.m": utf8(source)])])
    let requests = try #require(run.catalog?.producers.filter { $0.kind == .activationRequest })
    #expect(requests.map(\.line) == [19, 24])
    #expect(requests.map(\.activityType) == ["com.example.order", "com.example.return"])
    #expect(requests[0].template?.description == "order/⟨orderID⟩")
    // The order request gets the Order configuration; the return request, Main.
    let wrong = run.report.diagnostics.filter { $0.id == "routing.wrong-configuration" }
    #expect(wrong.map(\.line) == [24])
  }

  @Test("an Objective-C delegate class that sets no condition is found where it is implemented")
  func objectiveCDelegateWithoutConditions() throws {
    // The shape of public UIKit apps: the manifest names a delegate whose file sets no
    // condition and names no identifier, so the walk does not keep it; a class a helper of the
    // app delegate makes the configuration of is followed no further, and said so, readably.
    let plist = AppModelTests.manifest([("Default Configuration", "MainSceneDelegate")])
    let delegate = """
      #import "MainSceneDelegate.h"
      @implementation MainSceneDelegate
      + (UISceneConfiguration *)makeSceneConfiguration:(UISceneSession *)session {
          UISceneConfiguration *config = [[UISceneConfiguration alloc] initWithName:@"main" sessionRole:session.role];
          config.delegateClass = [self class];
          return config;
      }
      @end
      """
    let appDelegate = """
      #import "AppDelegate.h"
      @implementation AppDelegate
      - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
          NSUserActivity *activity = options.userActivities.anyObject;
          if (!activity)
              activity = connectingSceneSession.stateRestorationActivity;
          return [MainSceneDelegate makeSceneConfiguration:connectingSceneSession];
      }
      @end
      """
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": plist, "MainSceneDelegate.m": utf8(delegate),
        "AppDelegate.m": utf8(appDelegate),
      ])
    ])
    #expect(!run.report.diagnostics.contains { $0.id == "app.missing-delegate-class" })
    let app = try #require(run.catalog?.apps.first)
    // The manifest's configuration, and the one the helper makes in code (`[self class]` is
    // the class the helper is implemented in).
    #expect(app.sceneConfigurations.map(\.name) == ["Default Configuration", "main"])
    #expect(
      app.sceneConfigurations.map(\.delegateClass) == ["MainSceneDelegate", "MainSceneDelegate"])
    #expect(app.sceneConfigurations.map(\.delegateDeclared) == [true, true])
    let rules = try #require(app.configurationChoice?.rules)
    let reasons = rules.compactMap { rule -> String? in
      guard case .unknown(let reason) = rule.result else { return nil }
      return reason
    }
    #expect(reasons.contains { $0.contains("'[MainSceneDelegate makeSceneConfiguratio…'") })
  }

  @Test(
    "Objective-C: an activity the method makes carries no identifier it does not set; one it is given is a run-time value"
  )
  func objCRequestActivities() throws {
    let source = """
      @implementation Coordinator
      - (void)showSettings {
          NSUserActivity *settings = [[NSUserActivity alloc] initWithActivityType:@"settings"];
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:settings options:nil errorHandler:nil];
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:[[NSUserActivity alloc] initWithActivityType:@"compose"] options:nil errorHandler:nil];
      }
      - (void)request:(NSUserActivity *)activity {
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil];
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:[self makeActivity] options:nil errorHandler:nil];
      }
      @end
      """
    let requests = try Self.activationRequests(["Coordinator.m": source])
    #expect(requests.map(\.line) == [4, 5, 8, 9])
    #expect(requests.map(\.carriesIdentifier) == [false, false, true, true])
    #expect(requests[2].unknown?.contains("'activity' is a parameter of 'request:'") == true)
    #expect(requests[3].routedValue != nil)
  }

  @Test(
    "Objective-C: iOS 17's activateSceneSessionForRequest: carries the activity set on the request, or names its session"
  )
  func objCActivationRequestObjects() throws {
    let source = """
      @implementation Opener
      - (void)compose:(NSString *)draft {
          NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"compose"];
          activity.targetContentIdentifier = [@"compose/" stringByAppendingString:draft];
          UISceneSessionActivationRequest *request = [UISceneSessionActivationRequest requestWithRole:UIWindowSceneSessionRoleApplication];
          request.userActivity = activity;
          [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:nil];
      }
      - (void)reopen:(UISceneSession *)session {
          UISceneSessionActivationRequest *request = [UISceneSessionActivationRequest requestWithSession:session];
          [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:^(NSError *e) {}];
      }
      - (void)settings {
          UISceneSessionActivationRequest *request = [UISceneSessionActivationRequest requestWithRole:UIWindowSceneSessionRoleApplication];
          [request setUserActivity:[[NSUserActivity alloc] initWithActivityType:@"settings"]];
          [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:nil];
      }
      - (UISceneSessionActivationRequest *)activateSceneSessionForRequest:(id)r { return r; }
      @end
      """
    let requests = try Self.activationRequests(["Opener.m": source])
    #expect(requests.map(\.line) == [7, 11, 16])
    #expect(requests[0].template?.parts == [.text("compose/"), .hole("draft")])
    #expect(requests[0].activityType == "compose")
    #expect(requests[1].session == "session" && !requests[1].carriesIdentifier)
    #expect(requests[2].passesActivity && !requests[2].carriesIdentifier)
  }

  @Test(
    "Objective-C: a method that requests a scene for the activity it is given is read at each message that calls it"
  )
  func objCHelperRelays() throws {
    let coordinator = """
      #import "SceneCoordinator.h"
      @implementation SceneCoordinator
      + (instancetype)shared { static SceneCoordinator *shared; return shared; }
      - (void)requestSceneWithActivity:(NSUserActivity *)activity {
          [UIApplication.sharedApplication requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil];
      }
      - (void)openSettings {
          NSUserActivity *settings = [[NSUserActivity alloc] initWithActivityType:@"settings"];
          settings.targetContentIdentifier = @"settings";
          [self requestSceneWithActivity:settings];
      }
      @end
      """
    let header = """
      @class SceneCoordinator;
      @interface ThreadViewController : UIViewController
      @property (nonatomic, strong) SceneCoordinator *coordinator;
      @end
      """
    // Holds neither `const` nor `define`: no constant of it is searched for, its messages are.
    let list = """
      #import "ThreadViewController.h"
      @implementation ThreadViewController
      - (void)openThread:(NSString *)threadID with:(SceneCoordinator *)given {
          NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"thread"];
          activity.targetContentIdentifier = [NSString stringWithFormat:@"thread/%@", threadID];
          [self.coordinator requestSceneWithActivity:activity];
          [[SceneCoordinator shared] requestSceneWithActivity:activity];
          [_coordinator requestSceneWithActivity:activity];
          [given requestSceneWithActivity:activity];
          [self.router requestSceneWithActivity:activity];
          [self requestSceneWithActivity:activity];
          [self.coordinator requestSceneWithActivity:activity animated:YES];
      }
      - (void)compose {
          NSUserActivity *draft = [[NSUserActivity alloc] initWithActivityType:@"compose"];
          [self.coordinator requestSceneWithActivity:draft];
      }
      @end
      """
    let requests = try Self.activationRequests([
      "SceneCoordinator.m": coordinator, "ThreadViewController.h": header,
      "ThreadViewController.m": list,
    ]).map {
      "\($0.file.split(separator: "/").last ?? ""):\($0.line) "
        + ($0.identifier ?? $0.template?.description ?? "-")
    }
    // The method's own reading stays (a run-time value); each message to the class, its shared
    // instance, `self` within it, or a name declared a pointer to it (a header's property, a
    // parameter) is a request of what it passes. Not: another receiver (`self.router`,
    // `self` of another class), another selector.
    #expect(
      requests.sorted() == [
        "SceneCoordinator.m:10 settings", "SceneCoordinator.m:5 -",
        "ThreadViewController.m:16 -", "ThreadViewController.m:6 thread/⟨threadID⟩",
        "ThreadViewController.m:7 thread/⟨threadID⟩", "ThreadViewController.m:8 thread/⟨threadID⟩",
        "ThreadViewController.m:9 thread/⟨threadID⟩",
      ])
    #expect(
      AppInputs.sparseReadingDisagreement(path: "SceneCoordinator.m", bytes: utf8(coordinator))
        == nil)
  }

  /// The activation requests the app of `sources` (and `plist`, when given) makes, by line.
  static func activationRequests(_ sources: [String: String], plist: [UInt8]? = nil) throws
    -> [Producer]
  {
    var files = sources.mapValues { utf8($0) }
    files["Info.plist"] = plist
    let run = Linter.readApp(paths: [try tree(files)])
    return try #require(
      run.catalog?.producers.filter { $0.kind == .activationRequest }.sorted { $0.line < $1.line })
  }

  /// One configuration, `Main`, of `MainDelegate`.
  static let mainManifest = AppModelTests.manifest([("Main", "MainDelegate")])

  @Test("an activity handed to a function of the app may get its identifier there")
  func activityPassedOn() throws {
    let source = """
      import UIKit
      class MainDelegate: UIResponder, UIWindowSceneDelegate {}
      func configure(_ activity: NSUserActivity, for note: String) {
        activity.targetContentIdentifier = note
      }
      func decorated() -> NSUserActivity {
        let activity = NSUserActivity(activityType: "com.example.note")
        configure(activity, for: "notes/1")
        return activity
      }
      func show() {
        let activity = NSUserActivity(activityType: "com.example.note")
        configure(activity, for: "notes/2")
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: decorated(), options: nil)
        let shared = NSUserActivity(activityType: "com.example.share")
        _ = NSItemProvider(object: shared)
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: shared, options: nil)
      }
      """
    let requests = try Self.activationRequests(["App.swift": source], plist: Self.mainManifest)
    #expect(requests.map(\.line) == [14, 15, 18])
    // Handed to `configure(_:for:)`, in the request's body or in the maker's: a run-time value.
    #expect(requests[0].carriesIdentifier && requests[1].carriesIdentifier)
    #expect(requests[0].unknown?.contains("is passed to 'configure(…)'") == true)
    #expect(requests[1].unknown?.contains("passes its activity to 'configure(…)'") == true)
    // A type that takes the activity (`NSItemProvider(object:)`) does not set it up.
    #expect(!requests[2].carriesIdentifier)
  }

  /// A request is often made inside an `if`, a `guard`'s body or a closure, after the activity
  /// is set up in the function's body: its identifier is that assignment's, the nearest before
  /// the request winning, never "none" because the request's own block sets none.
  @Test("a request nested in a block after the assignment carries the assigned identifier")
  func nestedRequests() throws {
    let source = """
      import UIKit
      class MainDelegate: UIResponder, UIWindowSceneDelegate {}
      func show(_ flag: Bool, _ queue: DispatchQueue) {
        let activity = NSUserActivity(activityType: "com.example.note")
        activity.targetContentIdentifier = "notes/1"
        if flag { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil) }
        queue.async { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil) }
        if flag {
          activity.targetContentIdentifier = "notes/2"
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
      }
      func later(_ flag: Bool) {
        let activity = NSUserActivity(activityType: "com.example.note")
        if flag { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil) }
        activity.targetContentIdentifier = "notes/3"
      }
      """
    let requests = try Self.activationRequests(["App.swift": source], plist: Self.mainManifest)
    #expect(requests.map(\.line) == [6, 7, 10, 15])
    #expect(requests.map(\.identifier) == ["notes/1", "notes/1", "notes/2", nil])
    // Set after the request: the request carries none.
    #expect(!requests[3].carriesIdentifier)
    #expect(AppInputs.sparseReadingDisagreement(path: "App.swift", bytes: utf8(source)) == nil)
  }

  /// Two scene delegates, Note's preferring `notes/`: the app the request tests route into
  /// (nine lines, so that the code after them starts at line 10).
  static let notesDelegates = """
    import UIKit
    class MainDelegate: UIResponder, UIWindowSceneDelegate {}
    class NoteDelegate: UIResponder, UIWindowSceneDelegate {
      func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                 options connectionOptions: UIScene.ConnectionOptions) {
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
          NSPredicate(format: "SELF BEGINSWITH 'notes/'")
      }
    }
    """

  @Test(
    "a function that makes the activity a request passes gives its identifier and type, in the file and from another"
  )
  func activityMakers() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate"), ("Note", "NoteDelegate")])
    let makers = """
      import Foundation
      extension NSUserActivity {
        static func viewing(note id: String) -> NSUserActivity {
          let activity = NSUserActivity(activityType: "com.example.note")
          activity.targetContentIdentifier = "notes/note/\\(id)"
          activity.title = id
          return activity
        }
        static func compose() -> NSUserActivity {
          NSUserActivity(activityType: "com.example.compose")
        }
        static func maybe(_ id: String, flag: Bool) -> NSUserActivity {
          let activity = NSUserActivity(activityType: "com.example.note")
          if flag { activity.targetContentIdentifier = id }
          return activity
        }
      }
      """
    let requests =
      Self.notesDelegates + "\n" + """
        func open(note: String, current: NSUserActivity) {
          let activity = NSUserActivity.viewing(note: note)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: .compose(), options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: .maybe(note, flag: true), options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: current, options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: .unseen(note), options: nil)
        }
        """
    // The makers in the requests' own file, and in a file of their own (through the module).
    for files in [
      ["Info.plist": plist, "App.swift": utf8(requests + makers)],
      ["Info.plist": plist, "App.swift": utf8(requests), "Activities.swift": utf8(makers)],
    ] {
      let run = Linter.readApp(paths: [try tree(files)])
      let catalog = try #require(run.catalog)
      let requests = catalog.producers.filter { $0.kind == .activationRequest && $0.line > 10 }
        .sorted { $0.line < $1.line }
      try #require(requests.count == 5)
      // `viewing(note:)`: its identifier, the parameter's hole filled by the call's argument.
      #expect(requests[0].template?.parts == [.text("notes/note/"), .hole("note")])
      #expect(requests[0].activityType == "com.example.note")
      // `compose()` makes an activity with no identifier: so said, with its type.
      #expect(!requests[1].carriesIdentifier && requests[1].activityType == "com.example.compose")
      // A maker that sets the identifier under a condition, a parameter and a function the
      // app does not declare: run-time values, never an activity said to carry none.
      for request in requests[2...] {
        #expect(request.carriesIdentifier && request.identifier == nil && request.template == nil)
      }
      #expect(requests[2].unknown?.contains("where the reading does not follow") == true)
      #expect(requests[3].unknown?.contains("'current' is a parameter of 'open(…)'") == true)
      #expect(requests[4].unknown?.contains("'.unseen(note)' is made where") == true)
      let findings = run.report.diagnostics.filter { $0.id == "routing.new-window-per-event" }
      // Only the activity that carries no identifier opens a new scene on every request.
      #expect(findings.map(\.line) == [13])
    }
  }

  @Test("a computed property that makes the activity a request passes gives its identifier")
  func activityProperties() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate"), ("Note", "NoteDelegate")])
    let model = """
      import Foundation
      struct Note {
        let id: String
        var userActivity: NSUserActivity {
          let activity = NSUserActivity(activityType: "com.example.note")
          activity.targetContentIdentifier = "notes/note/\\(id)"
          return activity
        }
        var handoff: NSUserActivity { NSUserActivity(activityType: "com.example.handoff") }
        var restored: NSUserActivity {
          get { NSUserActivity(activityType: "com.example.note") }
          set {}
        }
        func open() {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: userActivity, options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: self.handoff, options: nil)
        }
      }
      """
    let requests =
      Self.notesDelegates + "\n" + """
        func open(note: Note, other: Other) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: note.userActivity, options: nil)
          let made = note.userActivity
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: made, options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: note.restored, options: nil)
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: other.userActivity, options: nil)
        }
        """
    // The model in the requests' own file, and in a file of its own (through the module).
    for files in [
      ["Info.plist": plist, "App.swift": utf8(requests + "\n" + model)],
      ["Info.plist": plist, "App.swift": utf8(requests), "Note.swift": utf8(model)],
    ] {
      let run = Linter.readApp(paths: [try tree(files)])
      let catalog = try #require(run.catalog)
      let requests = catalog.producers.filter { $0.kind == .activationRequest }
        .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
      try #require(requests.count == 6)
      let fromCallers = requests.filter { $0.file.hasSuffix("App.swift") && $0.line <= 20 }
      let inModel = requests.filter { !fromCallers.contains($0) }
      try #require(fromCallers.count == 4 && inModel.count == 2)
      // `note.userActivity` (directly and through a local): the getter's identifier, the
      // instance's own value a hole; its type.
      for request in fromCallers[0...1] {
        #expect(request.template?.parts == [.text("notes/note/"), .hole("id")])
        #expect(request.activityType == "com.example.note")
      }
      // A property with a setter is a value that changes; another type's property of that name
      // is not this one: run-time values, never said to carry none.
      for request in fromCallers[2...] {
        #expect(request.carriesIdentifier && request.template == nil && request.identifier == nil)
      }
      // Within the type: `userActivity`, and `self.handoff`, which sets no identifier.
      #expect(inModel[0].template?.parts == [.text("notes/note/"), .hole("id")])
      #expect(!inModel[1].carriesIdentifier && inModel[1].activityType == "com.example.handoff")
    }
  }

  @Test(
    "a request or an identifier that is a parameter of a helper is read at each call of the helper in its file"
  )
  func parameterHelpers() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate"), ("Note", "NoteDelegate")])
    let source =
      Self.notesDelegates + "\n" + """
        enum SceneCoordinator {
          static func openNote(_ id: String) {
            let activity = NSUserActivity(activityType: "com.example.note")
            activity.targetContentIdentifier = "notes/note/\\(id)"
            requestScene(with: activity)
          }
          static func openCompose() {
            Self.requestScene(with: NSUserActivity(activityType: "com.example.compose"))
          }
          private static func requestScene(with activity: NSUserActivity) {
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
          }
          static func post(_ identifier: String) {
            let content = UNMutableNotificationContent()
            content.targetContentIdentifier = identifier
          }
          static func relay(_ identifier: String) { post(identifier) }
        }
        func remind() { SceneCoordinator.post("notes/reminders") }
        func later() { SceneCoordinator.relay("notes/later") }
        func other(_ coordinator: Other) { coordinator.post("not/ours") }
        struct Other { func post(_ text: String) {}; func send() { post("not/ours/either") } }
        fileprivate enum Help {
          static func openHelp() {
            show(NSUserActivity(activityType: "com.example.help"))
          }
          static func show(_ activity: NSUserActivity) {
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
          }
        }
        private func retry(_ activity: NSUserActivity, times: Int) {
          if times > 0 { retry(activity, times: times - 1) }
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
        func start() { retry(NSUserActivity(activityType: "com.example.retry"), times: 2) }
        enum Links {
          static func open(_ url: URL) { UIApplication.shared.open(url) }
          static func help() { open(URL(string: "notes://help")!) }
        }
        enum Drafts {
          static func openDraft() {
            let draft = NSUserActivity(activityType: "com.example.draft")
            draft.title = "New Message"
            request(with: draft)
          }
          private static func request(with activity: NSUserActivity) {
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
          }
        }
        """
    let run = Linter.readApp(paths: [try tree(["Info.plist": plist, "App.swift": utf8(source)])])
    let catalog = try #require(run.catalog)
    func described(_ kind: Producer.Kind) -> [String] {
      catalog.producers.filter { $0.kind == kind }.sorted { $0.line < $1.line }.map {
        "\($0.line) \($0.identifier ?? $0.template?.description ?? "-") \($0.activityType ?? "-") "
          + "\($0.carriesIdentifier)"
      }
    }
    // The private helper's request is each of its calls': the activity each passes.
    #expect(
      described(.activationRequest) == [
        "14 notes/note/⟨id⟩ com.example.note true", "17 - com.example.compose false",
        "34 - com.example.help false", "44 - com.example.retry false",
        "53 - com.example.draft false",
      ])
    // A private helper's request is its callers': those whose activity carries no identifier
    // open a new scene on every request, at the call (the helper's own line is none of them).
    #expect(
      run.report.diagnostics.filter { $0.id == "routing.new-window-per-event" }.map(\.line) == [
        17, 34, 44, 53,
      ])
    // `post(_:)` and `relay(_:)` may be called from other files: their own readings stay, with
    // each call here (through `relay(_:)` too); a call on another type's value is not one of its.
    #expect(
      described(.notification) == [
        "24 - - true", "26 - - true", "28 notes/reminders - true", "29 notes/later - true",
      ])
    // A URL the helper opens is each call's, the helper's own kept (it is not private).
    #expect(described(.openURL) == ["46 - - true", "47 notes://help - true"])
    // `show(_:)` of a fileprivate type has no calls in other files either. `openHelp()`
    // holds nothing the sparse reading keeps: its call of `show(_:)` makes the
    // file read whole, as the whole file reads it.
    #expect(AppInputs.sparseReadingDisagreement(path: "App.swift", bytes: utf8(source)) == nil)
  }

  @Test(
    "a conditional identifier is either of its values; a model's own targetContentIdentifier is no event"
  )
  func conditionalAndOwnIdentifiers() throws {
    let source = """
      import UserNotifications
      struct NotificationRecord {
        var targetContentIdentifier: String?
        init(content: UNNotificationContent) {
          self.targetContentIdentifier = content.targetContentIdentifier
        }
      }
      final class Tracker {
        var targetContentIdentifier = ""
        func track(_ id: String) { self.targetContentIdentifier = id }
      }
      final class Activity: NSUserActivity {
        func open(_ id: String) { self.targetContentIdentifier = "notes/" + id }
      }
      enum Suggestions {
        static func make(_ stable: String, urgent: Bool) -> UNNotificationContent {
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = stable.isEmpty
            ? "recipe"
            : urgent ? "recipe/urgent" : "recipe:\\(stable)"
          return content
        }
      }
      """
    let run = Linter.readApp(paths: [try tree(["Notify.swift": utf8(source)])])
    let producers = try #require(run.catalog?.producers)
    #expect(
      producers.map { "\($0.line) \($0.identifier ?? $0.template?.description ?? "-")" } == [
        "13 notes/⟨id⟩", "18 recipe", "18 recipe/urgent", "18 recipe:⟨stable⟩",
      ])
  }

  @Test("a helper other files call is read at their calls too")
  func helpersAcrossFiles() throws {
    let helpers = """
      import UIKit
      extension UIApplication {
        func activateScene(userActivity: NSUserActivity, asSingleton: Bool = true) {
          requestSceneSessionActivation(nil, userActivity: userActivity, options: nil)
        }
      }
      enum Notifier {
        static func post(_ identifier: String) {
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = identifier
        }
      }
      func openLink(_ url: URL) { UIApplication.shared.open(url) }
      """
    let callers = """
      import UIKit
      func showNote(_ id: String) {
        let activity = NSUserActivity(activityType: "com.example.note")
        activity.targetContentIdentifier = "notes/note/" + id
        UIApplication.shared.activateScene(userActivity: activity, asSingleton: false)
      }
      func remind() { Notifier.post("notes/reminders") }
      func help() { openLink(URL(string: "notes://help")!) }
      func elsewhere(_ other: Other) { other.post("not/ours") }
      func showOther() {
        let activity = NSUserActivity(activityType: "com.example.other")
        activity.targetContentIdentifier = "notes/other"
        UIApplication.shared
          .activateScene(userActivity: activity)
      }
      """
    let run = Linter.readApp(paths: [
      try tree(["Helpers.swift": utf8(helpers), "Callers.swift": utf8(callers)])
    ])
    let producers = try #require(run.catalog?.producers)
    func described(_ kind: Producer.Kind) -> [String] {
      producers.filter { $0.kind == kind }.map {
        "\($0.file.split(separator: "/").last ?? ""):\($0.line) "
          + "\($0.identifier ?? $0.template?.description ?? "-") \($0.activityType ?? "-")"
      }.sorted()
    }
    // Each helper's own reading (a run-time value: others may call it) and the other file's call.
    #expect(
      described(.activationRequest) == [
        "Callers.swift:13 notes/other com.example.other",
        "Callers.swift:5 notes/note/⟨id⟩ com.example.note", "Helpers.swift:4 - -",
      ])
    #expect(
      described(.notification) == ["Callers.swift:7 notes/reminders -", "Helpers.swift:10 - -"])
    #expect(described(.openURL) == ["Callers.swift:8 notes://help -", "Helpers.swift:13 - -"])
  }

  @Test("a helper called on a value the file states is of its type is read at that call")
  func helpersOnValues() throws {
    let helpers = """
      import UIKit
      final class SceneCoordinator {
        static let shared = SceneCoordinator()
        func requestScene(with activity: NSUserActivity) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
      }
      final class Router { func requestScene(with activity: NSUserActivity) {} }
      """
    let callers = """
      import UIKit
      final class InboxViewController: UIViewController {
        let coordinator: SceneCoordinator
        var router = Router()
        var lastShown: String?
        func openThread() {
          let activity = NSUserActivity(activityType: "com.example.thread")
          activity.targetContentIdentifier = "mail/thread/42"
          coordinator.requestScene(with: activity)
          router.requestScene(with: activity)
        }
        func openDraft(using scenes: SceneCoordinator?) {
          let activity = NSUserActivity(activityType: "com.example.draft")
          activity.targetContentIdentifier = "mail/draft"
          scenes?.requestScene(with: activity)
        }
        func openSearch() {
          let shared = SceneCoordinator.shared
          let activity = NSUserActivity(activityType: "com.example.search")
          activity.targetContentIdentifier = "mail/search"
          shared.requestScene(with: activity)
          self.coordinator.requestScene(with: activity)
        }
        func elsewhere(_ other: Router, _ any: AnyObject) {
          other.requestScene(with: NSUserActivity(activityType: "com.example.other"))
          lastShown?.requestScene(with: NSUserActivity(activityType: "com.example.other"))
          [coordinator].first?.requestScene(with: NSUserActivity(activityType: "com.example.other"))
        }
      }
      """
    func requests(_ files: [String: String]) throws -> [String] {
      let run = Linter.readApp(paths: [try tree(files.mapValues { utf8($0) })])
      let producers = try #require(run.catalog?.producers)
      return producers.filter { $0.kind == .activationRequest }.map {
        "\($0.file.split(separator: "/").last ?? ""):\($0.line) "
          + "\($0.identifier ?? $0.template?.description ?? "-") \($0.activityType ?? "-")"
      }.sorted()
    }
    // The helper's own reading (others may call it), and each call on a value typed so: a
    // property, an optional parameter, a local made from the shared instance, `self.` a
    // property. Calls on another type's value, or on one the file does not type, are not its.
    #expect(
      try requests(["Helpers.swift": helpers, "Callers.swift": callers]) == [
        "Callers.swift:15 mail/draft com.example.draft",
        "Callers.swift:21 mail/search com.example.search",
        "Callers.swift:22 mail/search com.example.search",
        "Callers.swift:9 mail/thread/42 com.example.thread", "Helpers.swift:5 - -",
      ])
    // The same in one file, read sparsely as it is read whole.
    let one = helpers + "\n" + callers
    #expect(
      try requests(["App.swift": one]) == [
        "App.swift:17 mail/thread/42 com.example.thread",
        "App.swift:23 mail/draft com.example.draft",
        "App.swift:29 mail/search com.example.search",
        "App.swift:30 mail/search com.example.search", "App.swift:5 - -",
      ])
    #expect(AppInputs.sparseReadingDisagreement(path: "App.swift", bytes: utf8(one)) == nil)
  }

  /// Real code unwraps the value it calls a coordinator through: `guard let delegate =
  /// scene.delegate as? SceneDelegate`, `if let coordinator`, `if let c = self.coordinator`.
  @Test("a helper called on a value an if let or guard let unwraps or casts is read at that call")
  func helpersOnUnwrappedValues() throws {
    let helpers = """
      import UIKit
      final class SceneCoordinator {
        static let shared: SceneCoordinator? = SceneCoordinator()
        func requestScene(with activity: NSUserActivity) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
      }
      final class Router { func requestScene(with activity: NSUserActivity) {} }
      """
    let callers = """
      import UIKit
      final class InboxViewController: UIViewController {
        var coordinator: SceneCoordinator?
        var router: Router?
        func openThread(_ sender: Any) {
          let activity = NSUserActivity(activityType: "com.example.thread")
          activity.targetContentIdentifier = "mail/thread/42"
          if let coordinator { coordinator.requestScene(with: activity) }
          if let scenes = self.coordinator { scenes.requestScene(with: activity) }
          guard let any = sender as? SceneCoordinator else { return }
          any.requestScene(with: activity)
          if let shared = SceneCoordinator.shared, let again = Optional(shared) {
            shared.requestScene(with: activity)
            again.requestScene(with: activity)
          }
          if let router { router.requestScene(with: activity) }
          if let other = sender as? Router { other.requestScene(with: activity) }
        }
        func openDraft(using scenes: SceneCoordinator?) {
          let activity = NSUserActivity(activityType: "com.example.draft")
          activity.targetContentIdentifier = "mail/draft"
          guard let scenes else { return }
          if let inner = scenes as SceneCoordinator?, let same = inner as? SceneCoordinator {
            same.requestScene(with: activity)
          }
          if let loop = loop, let loop2 = loop { loop2.requestScene(with: activity) }
          scenes.requestScene(with: activity)
        }
      }
      extension InboxViewController {
        func openArchive() {
          let activity = NSUserActivity(activityType: "com.example.archive")
          activity.targetContentIdentifier = "mail/archive"
          coordinator?.requestScene(with: activity)
          router?.requestScene(with: activity)
        }
      }
      """
    func requests(_ files: [String: String]) throws -> [String] {
      let run = Linter.readApp(paths: [try tree(files.mapValues { utf8($0) })])
      let producers = try #require(run.catalog?.producers)
      return producers.filter { $0.kind == .activationRequest }.map {
        "\($0.file.split(separator: "/").last ?? ""):\($0.line) "
          + "\($0.identifier ?? $0.template?.description ?? "-")"
      }.sorted()
    }
    // Unwrapped from a property typed so (the shorthand and `self.`), cast to the type, made
    // from its shared instance, unwrapped from a parameter typed so; a property the type
    // declares, called in an extension of it. Not: another type's values,
    // a value made by a call the file does not type (`Optional(shared)`), a name bound by
    // itself.
    #expect(
      try requests(["Helpers.swift": helpers, "Callers.swift": callers]) == [
        "Callers.swift:11 mail/thread/42", "Callers.swift:13 mail/thread/42",
        "Callers.swift:24 mail/draft", "Callers.swift:27 mail/draft",
        "Callers.swift:34 mail/archive",
        "Callers.swift:8 mail/thread/42", "Callers.swift:9 mail/thread/42", "Helpers.swift:5 -",
      ])
    let one = helpers + "\n" + callers
    #expect(AppInputs.sparseReadingDisagreement(path: "App.swift", bytes: utf8(one)) == nil)
  }

  @Test("a helper called on a property another file declares, of self or of a value typed so")
  func helpersOnPropertiesOfOtherFiles() throws {
    let helpers = """
      import UIKit
      final class SceneCoordinator {
        func requestScene(with activity: NSUserActivity) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
      }
      final class Router { func requestScene(with activity: NSUserActivity) {} }
      """
    let delegate = """
      import UIKit
      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private(set) weak var coordinator: SceneCoordinator?
        lazy var router = Router()
        var holder: Holder?
      }
      struct Holder { let coordinator: SceneCoordinator }
      """
    // Names neither `SceneCoordinator` nor `Router`: found because it names a type that holds
    // a coordinator.
    let routing = """
      import UIKit
      extension SceneDelegate {
        func openSettings() {
          let activity = NSUserActivity(activityType: "com.example.settings")
          activity.targetContentIdentifier = "mail/settings"
          coordinator?.requestScene(with: activity)
          self.coordinator?.requestScene(with: activity)
          router.requestScene(with: activity)
          holder?.coordinator.requestScene(with: activity)
        }
      }
      """
    let list = """
      import UIKit
      final class ThreadListViewController: UITableViewController {
        func open(_ scene: UIScene?) {
          let activity = NSUserActivity(activityType: "com.example.thread")
          activity.targetContentIdentifier = "mail/thread/42"
          guard let delegate = scene?.delegate as? SceneDelegate,
            let coordinator = delegate.coordinator
          else { return }
          coordinator.requestScene(with: activity)
          delegate.coordinator?.requestScene(with: activity)
          (scene?.delegate as? SceneDelegate)?.coordinator?.requestScene(with: activity)
          let cast = scene?.delegate as! SceneDelegate
          let held = cast.coordinator
          held?.requestScene(with: activity)
          delegate.router.requestScene(with: activity)
          delegate.holder?.coordinator.requestScene(with: activity)
          scene?.delegate?.coordinator?.requestScene(with: activity)
        }
      }
      """
    let files = [
      "Helpers.swift": helpers, "SceneDelegate.swift": delegate,
      "SceneDelegate+Routing.swift": routing, "ThreadList.swift": list,
    ]
    let run = Linter.readApp(paths: [try tree(files.mapValues { utf8($0) })])
    let requests = try #require(run.catalog?.producers).filter { $0.kind == .activationRequest }
      .map { "\($0.file.split(separator: "/").last ?? ""):\($0.line)" }.sorted()
    // Counted: the property of self declared in another file (whatever its modifiers), and the
    // property of a value cast to the delegate, unwrapped, read directly or through a local.
    // Not: another type's property (`router`), a property of a property (`holder?.coordinator`),
    // a value whose type only the compiler knows (`scene?.delegate?.coordinator`).
    #expect(
      requests == [
        "Helpers.swift:4", "SceneDelegate+Routing.swift:6", "SceneDelegate+Routing.swift:7",
        "ThreadList.swift:10", "ThreadList.swift:11", "ThreadList.swift:14", "ThreadList.swift:9",
      ])
    // The holder's file is what lets the byte search pass the callers' files.
    let calling = ModuleIndex(sources: files.keys.sorted(), read: { files[$0].map(utf8) })
      .swiftFiles(calling: [("requestScene", "SceneCoordinator")])
    #expect(calling.contains("ThreadList.swift") && calling.contains("SceneDelegate+Routing.swift"))
    let withoutHolder = files.merging(["SceneDelegate.swift": "final class SceneDelegate {}"]) {
      $1
    }
    let passed = ModuleIndex(
      sources: withoutHolder.keys.sorted(),
      read: {
        withoutHolder[$0].map(utf8)
      }
    ).swiftFiles(calling: [("requestScene", "SceneCoordinator")])
    #expect(!passed.contains("ThreadList.swift"))
  }

  @Test("a postfix chain longer than its limit is not parsed: no trap, in the lint or the app")
  func deepChains() throws {
    let chain = Array(repeating: "A", count: 100_000).joined(separator: ".")
    let source = """
      import UIKit
      final class Coordinator {
        func requestScene(with activity: NSUserActivity) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
      }
      final class Holder {
        let typed: \(chain)
        func go() { typed.requestScene(with: NSUserActivity(activityType: "com.example.typed")) }
        func configure(_ scene: UIWindowScene) {
          scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            NSPredicate(format: "SELF == 'x'")
        }
      }
      """
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(source)])])
    #expect(run.catalog?.producers.isEmpty == true)
    let note = try #require(run.report.diagnostics.first { $0.id == "lint.not-parsed" })
    #expect(note.message.contains("a chain of 99999 member accesses"), "\(note.message)")
    // Counted as the parser reads code: chains over lines (comments between), through
    // trailing closures, and not in comments and strings, nor across statements.
    func links(_ text: String) -> Int? {
      SwiftExtractor.excessiveChain(Array(text.utf8))?.depth
    }
    let modifiers =
      "Text(\"x\")" + String(repeating: "\n  // a modifier\n  .padding()", count: 9_000)
    #expect(links(modifiers).map { $0 > 16_384 } == true)
    #expect(links("a" + String(repeating: ".b { }", count: 9_000)).map { $0 > 16_384 } == true)
    #expect(links(String(repeating: "a.b.c = f(x)!\n", count: 9_000)) == nil)
    #expect(links("// " + String(repeating: ".", count: 20_000) + "\nlet x = 1\n") == nil)
    #expect(links("let s = \"" + String(repeating: ".", count: 20_000) + "\"\n") == nil)
    #expect(links(String(repeating: "f(a.b, c.d); ", count: 9_000)) == nil)
    // The depths the parser recurses through uncounted: generic arguments, prefix keywords in a
    // row (comments between), nested `#if`s; real code of the same size passes.
    func deepest(_ text: String) -> String? {
      SwiftExtractor.excessiveBracketNesting(Array(text.utf8)).map { "\($0.bracket) \($0.depth)" }
    }
    let generic = "let x: " + String(repeating: "A<", count: 300) + "B"
    #expect(deepest(generic + String(repeating: ">", count: 300)) == "< 300")
    #expect(deepest(String(repeating: "if a<b, c<d { f(x) }\n", count: 2_000)) == nil)
    #expect(
      deepest("let x = " + String(repeating: "try /* c */ await\n", count: 2_100) + "f()")
        == "try 4200")
    #expect(deepest(String(repeating: "let x = try await f(copy y)\n", count: 2_000)) == nil)
    #expect(deepest(String(repeating: "#if A\n", count: 4_200) + "x\n") == "#if 4200")
    #expect(deepest(String(repeating: "  #if A\nx\n  #endif\n", count: 5_000)) == nil)
  }

  @Test("helpers that call each other from many places give a bounded number of producers")
  func relayFanOut() throws {
    // Each level calls the one below from 30 places: 30^4 requests if every path were read.
    var source = "import UIKit\n"
    source += """
      func level0(_ activity: NSUserActivity) {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
      }

      """
    for level in 1...5 {
      source += "func level\(level)(_ activity: NSUserActivity) {\n"
      source += String(repeating: "  level\(level - 1)(activity)\n", count: 30) + "}\n"
    }
    source += "func start() { level5(NSUserActivity(activityType: \"com.example.deep\")) }\n"
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(source)])])
    let requests = try #require(run.catalog?.producers.filter { $0.kind == .activationRequest })
    // At most 256 read at calls, besides each helper's own reading (none is private).
    #expect(requests.count > 1 && requests.count <= 256 + 6)
    #expect(AppInputs.sparseReadingDisagreement(path: "App.swift", bytes: utf8(source)) == nil)
  }

  @Test("a window a private helper opens by the id it is given is each call's")
  func openWindowHelper() throws {
    let source = """
      import SwiftUI
      @main struct Notes: App {
        var body: some Scene {
          WindowGroup { Root() }
          Window("Help", id: WindowID.help) { Text("Help") }
        }
      }
      enum WindowID { static let help = "help" }
      struct Root: View {
        @Environment(\\.openWindow) private var openWindow
        var body: some View { Button("Help") { show(WindowID.help) } }
        private func show(_ id: String) { openWindow(id: id) }
      }
      """
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(source)])])
    let opened = try #require(run.catalog?.producers.filter { $0.kind == .openWindowID })
    #expect(
      opened.map { "\($0.line) \($0.identifier ?? "-") \($0.reference ?? "-")" } == [
        "11 help WindowID.help"
      ])
  }

  @Test("a SwiftUI app whose delegate adaptor makes a configuration with no name: no note")
  func swiftUIAdaptor() throws {
    let source = """
      import SwiftUI
      @main struct Mail: App {
        @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
        var body: some Scene {
          WindowGroup { Text("inbox").handlesExternalEvents(preferring: ["message/"], allowing: ["*"]) }
        }
      }
      final class AppDelegate: NSObject, UIApplicationDelegate {
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
          let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
          configuration.delegateClass = SceneDelegate.self
          return configuration
        }
      }
      func show() {
        let activity = NSUserActivity(activityType: "com.example.message")
        activity.targetContentIdentifier = "message/1"
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
      }
      """
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(source)])])
    #expect(
      !run.report.diagnostics.contains {
        $0.id == "routing.wrong-configuration" || $0.message.contains("configuration a new scene")
      })
  }

  @Test("the Ledger fixture: its catalogue, table and findings, as a careful reader finds them")
  func ledgerFixture() throws {
    let run = Linter.readApp(paths: [AppModelTests.apps + "/Ledger"])
    let catalog = try #require(run.catalog)
    let app = try #require(catalog.apps.first)
    #expect(
      app.sceneConfigurations.map { "\($0.name ?? "?") \($0.role)" } == [
        "Main UIWindowSceneSessionRoleApplication", "Invoice UIWindowSceneSessionRoleApplication",
        "Settings UIWindowSceneSessionRoleApplication",
        "Archive UIWindowSceneSessionRoleApplication",
        "Reports UIWindowSceneSessionRoleApplication",
        "Presentation UIWindowSceneSessionRoleExternalDisplayNonInteractive",
      ])
    #expect(
      app.sceneConfigurations.map(\.delegateDeclared) == [true, true, true, true, false, true])
    // Invoice's delegate is in Objective-C, its prefix an extern constant of its header.
    #expect(
      app.sceneConfigurations[1].activationConditions.map { $0.format ?? "?" } == [
        #"SELF BEGINSWITH "invoice/""#, #"SELF BEGINSWITH "invoice/""#,
      ])
    let choice = try #require(app.configurationChoice)
    #expect(
      choice.rules.map(\.result) == [
        .named("Presentation"), .named("Invoice"), .named("Settings"), .named("Main"),
      ])
    let findings = run.report.diagnostics.filter {
      $0.id.rawValue.hasPrefix("routing.") || $0.id.rawValue.hasPrefix("app.")
    }
    #expect(
      findings.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line) \($0.id)" } == [
        // Settings, Archive and Reports keep UIKit's defaults and tie for every link.
        "Info.plist:12 routing.order-dependent",
        // The manifest names a class no file declares.
        "Info.plist:48 app.missing-delegate-class",
        // A receipt's activity type is not in the switch: Main is created for Invoice's content.
        "Commands.swift:14 routing.wrong-configuration",
        // One more Settings window per command, the activity made in the command or by
        // `NSUserActivity.settings()` of Activities.swift (no identifier, its type read there).
        "Commands.swift:19 routing.new-window-per-event",
        "Commands.swift:29 routing.new-window-per-event",
        // The account shortcut reaches Main, whose delegate has no performActionFor.
        "Commands.swift:38 routing.no-handler",
        // A coordinator's private helper requests the scene for the activity each caller
        // hands it: the preferences caller's `.settings()` carries no identifier.
        "SceneCoordinator.swift:13 routing.new-window-per-event",
        // The router the archive holds an instance of may be called with any activity by a
        // file the reading does not see: its own request is a run-time identifier.
        "WindowRouter.swift:9 routing.depends-on-run-time",
      ])
    // The helper's own request (line 17) is its callers': the statement's identifier, and the
    // preferences' activity.
    #expect(
      catalog.producers.filter {
        $0.kind == .activationRequest && $0.file.hasSuffix("SceneCoordinator.swift")
      }.map { "\($0.line) \($0.template?.description ?? $0.identifier ?? "-")" } == [
        "9 invoice/statement-⟨month⟩", "13 -",
      ])
    // The archive's call on the router instance it holds is a request of the invoice type
    // with its identifier, besides the router's own.
    #expect(
      catalog.producers.filter {
        $0.kind == .activationRequest
          && ($0.file.hasSuffix("WindowRouter.swift") || $0.file.hasSuffix("Controller.swift"))
      }.map {
        "\($0.file.split(separator: "/").last ?? ""):\($0.line) "
          + "\($0.template?.description ?? $0.identifier ?? "-") \($0.activityType ?? "-")"
      }.sorted() == [
        "ArchiveViewController.swift:10 invoice/archived-⟨number⟩ com.example.ledger.invoice",
        "WindowRouter.swift:9 - -",
      ])
    // The invoice requests get the Invoice configuration, and the plain new-window command is
    // not a finding.
    #expect(!findings.contains { $0.line == 8 || $0.line == 23 || $0.line == 33 })
    let invoiceWindow = try #require(catalog.producers.first { $0.line == 23 })
    #expect(invoiceWindow.activityType == "com.example.ledger.invoice")
    let routing = try #require(run.routings.first)
    let table = AppTable(routing, catalog: catalog, findings: findings)
    #expect(
      table.columns.map(\.configuration) == [
        "Main", "Invoice", "Settings", "Archive", "Reports", "Presentation",
      ])
    #expect(
      table.rows.map(\.routed.value.description) == [
        "ledger://⟨URL⟩", "invoice/⟨number⟩", "invoice/archived-⟨number⟩",
        "invoice/receipt-⟨number⟩", "account/⟨id⟩", "invoice/statement-⟨month⟩",
        "⟨activationRequest identifier⟩",
      ])
    // The external display's scene takes no event, and is not "unreached".
    #expect(table.rows.allSatisfy { $0.cells[5] == .none })
    #expect(table.unreached.map(\.configuration) == ["Archive", "Reports"])
  }

  @Test("a delegate that installs what a conditions builder returns has the builder's conditions")
  func conditionsBuilders() throws {
    let plist = AppModelTests.manifest([
      ("Main", "MainDelegate"), ("Compose", "ComposeDelegate"), ("Thread", "ThreadDelegate"),
    ])
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": plist,
        "Conditions.swift": utf8(
          """
          import UIKit
          extension UISceneActivationConditions {
            static func thread(_ id: String, root: String = Routes.root)
              -> UISceneActivationConditions {
              let conditions = UISceneActivationConditions()
              conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                format: "SELF == %@", root + "thread/" + id)
              return conditions
            }
          }
          """),
        // A file that names no predicate and no conditions type: read for the install alone.
        "ThreadDelegate.swift": utf8(
          """
          import UIKit
          final class ThreadDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options: UIScene.ConnectionOptions) {
              scene.activationConditions = .thread("42")
            }
          }
          """),
        "Delegates.swift": utf8(
          """
          import UIKit
          enum Routes { static let root = "mail/" }
          enum SceneConditions {
            static func compose() -> UISceneActivationConditions {
              let conditions = UISceneActivationConditions()
              conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
                format: "SELF BEGINSWITH %@", Routes.root + "compose")
              conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                format: "SELF == %@", Routes.root + "compose/new")
              return conditions
            }
          }
          final class MainDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options: UIScene.ConnectionOptions) {
              scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
                NSPredicate(value: false)
            }
          }
          final class ComposeDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options: UIScene.ConnectionOptions) {
              let made = SceneConditions.compose()
              scene.activationConditions = made
            }
          }
          final class Requests {
            func open() {
              let activity = NSUserActivity(activityType: "compose")
              activity.targetContentIdentifier = "mail/compose/new"
              UIApplication.shared.requestSceneSessionActivation(
                nil, userActivity: activity, options: nil, errorHandler: nil)
            }
          }
          """),
      ])
    ])
    let app = try #require(run.catalog?.apps.first)
    let conditions = app.sceneConfigurations.map { configuration in
      configuration.activationConditions.map {
        "\($0.kind.rawValue) \($0.format ?? "?") \($0.line)"
      }
    }
    #expect(
      conditions == [
        ["canActivate FALSEPREDICATE 17"],
        [
          #"canActivate SELF BEGINSWITH "mail/compose" 24"#,
          #"prefersToActivate SELF == "mail/compose/new" 24"#,
        ],
        [#"prefersToActivate SELF == "mail/thread/42" 5"#, "canActivate TRUEPREDICATE 5"],
      ], "\(conditions)")
    // The builders' own assignments set an object they return, not whichever scene runs them.
    #expect(app.runTimeConditions.isEmpty)
    // The compose scene prefers what the request carries: no new scene for each request.
    #expect(!run.report.diagnostics.contains { $0.id == "routing.new-window-per-event" })
  }

  @Test("predicates set on a new conditions object never installed are reported: no effect")
  func neverInstalled() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate")])
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": plist,
        "MainDelegate.swift": utf8(
          """
          import UIKit
          final class MainDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                       options: UIScene.ConnectionOptions) {
              let conditions = UISceneActivationConditions()
              conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
              conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
                format: "SELF == 'mail/inbox'")
            }
            func installed(_ scene: UIScene) {
              let conditions = UISceneActivationConditions()
              conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
              scene.activationConditions = conditions
            }
            func handed() {
              let conditions = UISceneActivationConditions()
              conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
              keep(conditions)
            }
            func made() -> UISceneActivationConditions {
              let conditions = UISceneActivationConditions()
              conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
              return conditions
            }
            func keep(_ conditions: UISceneActivationConditions) {}
          }
          """),
      ])
    ])
    let warnings = run.report.diagnostics.filter { $0.id == "lint.never-installed" }
    #expect(warnings.map(\.line) == [6, 7], "\(warnings.map(\.line))")
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("'conditions'") })
    // They set nothing on the scene: the configuration keeps what the delegate installs.
    let main = try #require(run.catalog?.apps.first?.sceneConfigurations.first)
    #expect(!main.activationConditions.contains { $0.line == 6 || $0.line == 7 })
  }

  @Test("in Objective-C too: predicates set on a new conditions object never installed")
  func neverInstalledObjectiveC() throws {
    let plist = AppModelTests.manifest([("Main", "MainDelegate")])
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": plist,
        "MainDelegate.m": utf8(
          """
          @implementation MainDelegate
          - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
            UISceneActivationConditions *conditions = [[UISceneActivationConditions alloc] init];
            conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:NO];
            [conditions setPrefersToActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithFormat:@"SELF == 'mail/inbox'"]];
          }
          - (void)installed:(UIScene *)scene {
            UISceneActivationConditions *conditions = [UISceneActivationConditions new];
            conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:YES];
            scene.activationConditions = conditions;
          }
          - (void)handed {
            UISceneActivationConditions *conditions = [UISceneActivationConditions new];
            conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:YES];
            [self keep:conditions];
          }
          - (UISceneActivationConditions *)made {
            UISceneActivationConditions *conditions = [UISceneActivationConditions new];
            conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:YES];
            return conditions;
          }
          - (void)member:(UIScene *)scene {
            self.conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:YES];
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:NO];
          }
          @end
          """),
      ])
    ])
    let warnings = run.report.diagnostics.filter { $0.id == "lint.never-installed" }
    #expect(warnings.map(\.line) == [4, 5], "\(warnings.map(\.line))")
    #expect(warnings.allSatisfy { $0.message.contains("'conditions'") })
    let main = try #require(run.catalog?.apps.first?.sceneConfigurations.first)
    #expect(!main.activationConditions.contains { $0.line == 4 || $0.line == 5 })
    #expect(main.activationConditions.contains { $0.line == 23 })
  }

  @Test("an Objective-C class method that returns a predicate is read at each call")
  func objectiveCHelpers() throws {
    let report = Linter().run(paths: [
      try tree([
        "Helpers.m": utf8(
          """
          @implementation Helpers
          + (nullable NSPredicate *)predicateForFolder:(NSString *)folder thread:(NSString *)thread {
              return [NSPredicate predicateWithFormat:@"SELF == %@", thread];
          }
          + (NSPredicate *)prefix:(NSString *)p { return [NSPredicate predicateWithFormat:@"SELF BEGINWITH %@", p]; }
          + (NSPredicate *)everything { return [NSPredicate predicateWithValue:YES]; }
          - (void)configure:(UIScene *)scene {
              UISceneActivationConditions *c = scene.activationConditions;
              c.prefersToActivateForTargetContentIdentifierPredicate = [Helpers predicateForFolder:@"inbox" thread:@"mail/7"];
              c.canActivateForTargetContentIdentifierPredicate = [Helpers prefix:@"mail/"];
              c.canActivateForTargetContentIdentifierPredicate = [Helpers everything];
              c.canActivateForTargetContentIdentifierPredicate = [Helpers unknown:@"x"];
              c.prefersToActivateForTargetContentIdentifierPredicate = [self own:@"mail/own"];
          }
          - (NSPredicate *)own:(NSString *)s { return [NSPredicate predicateWithFormat:@"SELF == %@", s]; }
          @end
          """)
      ])
    ]).report
    #expect(
      report.conditions.map { "\($0.line) \($0.format ?? "-")" } == [
        #"9 SELF == "mail/7""#, "10 -", "11 TRUEPREDICATE", "12 -", #"13 SELF == "mail/own""#,
      ], "\(report.conditions.map { "\($0.line) \($0.format ?? "-")" })")
    // The helper's mistake is reported in the helper, where it is fixed.
    let mistake = try #require(report.diagnostics.first { $0.id == "syntax.unknown-operator" })
    #expect(mistake.line == 5)
  }
}
