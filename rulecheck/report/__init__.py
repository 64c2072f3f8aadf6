"""Output formats, all made from :class:`rulecheck.diagnostics.Violation`."""
