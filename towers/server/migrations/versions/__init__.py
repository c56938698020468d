"""One module a revision of the schema, oldest first; each names the one it follows."""
