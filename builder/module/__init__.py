"""Writing VASSAL modules (``.vmod``): build file elements, packaging."""
