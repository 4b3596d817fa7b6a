import ArgumentParser
import SceneActivation

/// The validation profile option, shared by every command that compiles predicates.
struct ProfileOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Validation profile: 'uikit' (what UIKit accepts: no MATCHES, no variables) or 'extended' "
        + "(opts in to MATCHES through PCRE2).", valueName: "profile"))
  var profile: ValidationProfile = .uikit
}

extension ValidationProfile: ExpressibleByArgument {}
