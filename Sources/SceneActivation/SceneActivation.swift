// The library product: one import for the API, from predicate text to routing decision. Only the
// API is re-exported, by name: predicates and how to build, parse and print them; diagnostics;
// compiled predicates and profiles; sessions, conditions, events, the router and
// its decisions and warnings; the scenes file; and the JSON values events carry. An evaluation
// context is API too: `CompiledPredicate.evaluate(in:)` takes one, so that several predicates
// share one identifier's views. The stages' machinery (lexer, match requirements, the regex
// wrapper) stays in its modules.

@_exported import struct PredicateEvaluation.CompiledPredicate
@_exported import struct PredicateEvaluation.EvaluationContext
@_exported import struct PredicateEvaluation.PredicateCompilation
@_exported import struct PredicateEvaluation.PredicateEvaluationError
@_exported import enum PredicateEvaluation.ValidationProfile
@_exported import struct PredicateSyntax.Diagnostic
@_exported import struct PredicateSyntax.DiagnosticID
@_exported import struct PredicateSyntax.DiagnosticNote
@_exported import enum PredicateSyntax.DiagnosticSeverity
@_exported import struct PredicateSyntax.FixIt
@_exported import struct PredicateSyntax.FormatPredicate
@_exported import struct PredicateSyntax.InvalidPredicateError
@_exported import struct PredicateSyntax.ParsedPredicate
@_exported import enum PredicateSyntax.PredicateArgument
@_exported import protocol PredicateSyntax.PredicateArgumentConvertible
@_exported import enum PredicateSyntax.PredicateParser
@_exported import struct PredicateSyntax.SourceLocation
@_exported import struct PredicateSyntax.SourceLocationConverter
@_exported import struct PredicateSyntax.SourceRange
@_exported import struct SceneJSON.JSONObject
@_exported import struct SceneJSON.JSONSyntaxError
@_exported import enum SceneJSON.JSONValue
@_exported import struct SceneRouting.ActivationConditions
@_exported import struct SceneRouting.ActivationConditionsError
@_exported import enum SceneRouting.ActivationRequest
@_exported import struct SceneRouting.ActivationRouter
@_exported import struct SceneRouting.AppIntentRequest
@_exported import struct SceneRouting.CandidateEvaluation
@_exported import enum SceneRouting.EvaluatedString
@_exported import struct SceneRouting.ExternalEventHandling
@_exported import struct SceneRouting.FieldError
@_exported import enum SceneRouting.LossReason
@_exported import enum SceneRouting.PredicateOutcome
@_exported import struct SceneRouting.PushNotification
@_exported import struct SceneRouting.RegistryError
@_exported import struct SceneRouting.RoutingDecision
@_exported import struct SceneRouting.RoutingOptions
@_exported import enum SceneRouting.RoutingOutcome
@_exported import enum SceneRouting.RoutingReason
@_exported import struct SceneRouting.RoutingTable
@_exported import struct SceneRouting.RoutingWarning
@_exported import enum SceneRouting.SceneActivationState
@_exported import struct SceneRouting.SceneEvent
@_exported import struct SceneRouting.SceneSession
@_exported import class SceneRouting.SceneSessionRegistry
@_exported import struct SceneRouting.SceneSessionRole
@_exported import struct SceneRouting.ScenesFile
@_exported import struct SceneRouting.ScenesFileError
@_exported import struct SceneRouting.ShortcutItem
@_exported import enum SceneRouting.Suitability
@_exported import struct SceneRouting.UserActivity
@_exported import struct SceneRouting.WindowGroup
@_exported import struct SceneRouting.WindowGroupChoice
