"""Shared test settings: a Hypothesis profile sized for the 10-minute suite."""

from hypothesis import HealthCheck, settings

settings.register_profile("gwari", deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gwari")
