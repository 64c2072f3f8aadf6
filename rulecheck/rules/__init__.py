"""Rule checks, grouped by CR section, and the registry that names them."""
