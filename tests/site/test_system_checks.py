"""Django's system checks are silent on the database the suite runs on: a warning printed at
every `migrate` and `make run` (models.W040 from an index's INCLUDE on SQLite, say) is a
defect a new user meets at once."""

from __future__ import annotations

import pytest
from django.core import checks


@pytest.mark.django_db
def test_no_system_check_warns_on_this_database():
    found = checks.run_checks(include_deployment_checks=False, databases=["default"])

    assert [f"{m.id}: {m.msg} ({m.obj})" for m in found if m.level >= checks.WARNING] == []
