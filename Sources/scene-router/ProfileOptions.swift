import ArgumentParser
import CommandLineOutput
import SceneActivation

/// The validation profile option, one declaration for every command that compiles predicates.
struct ProfileOptions: ParsableArguments, ValueOptions {
  /// The option's name.
  static let profileName = "profile"
  static let optionsTakingValues: Set<String> = ["--" + profileName]

  @Option(
    name: .customLong(profileName),
    help: ArgumentHelp(
      "Validation profile: 'uikit' (what UIKit accepts: no MATCHES, no variables; the default, "
        + "or for lint the configuration's 'profile') or 'extended' (opts in to MATCHES through "
        + "PCRE2).", valueName: "profile"))
  var profile: ValidationProfile?

  /// The profile given, or `uikit`.
  var resolved: ValidationProfile { profile ?? .uikit }
}

extension ValidationProfile: ExpressibleByArgument {}
