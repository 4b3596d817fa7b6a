@_exported import PredicateEvaluation
// The library product: one import for the whole pipeline, from predicate text to routing decision.
@_exported import PredicateSyntax
@_exported import SceneJSON
@_exported import SceneRouting
