"""Importers: turn game records written by other software into transcripts rulecheck can check."""
