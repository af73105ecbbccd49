"""Demo data for development machines (`make run` loads it). Has no models."""
