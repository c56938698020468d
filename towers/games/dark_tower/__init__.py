"""Return to Dark Tower."""
