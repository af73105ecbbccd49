"""English dates as the site writes them: day first, 24-hour clock (see the package docstring).

Templates and code name these formats, never a pattern of their own:
`{{ value|date:"DATE_FORMAT" }}`, `formats.date_format(value, "SHORT_DATETIME_FORMAT")`, and
`accounts.locale.moment_text` for a date and time with its zone.
"""

DATE_FORMAT = "j F Y"  # 26 November 2026
SHORT_DATE_FORMAT = "j M Y"  # 26 Nov 2026 (tables and lists)
DATETIME_FORMAT = "D j M Y, H:i"  # Thu 26 Nov 2026, 14:05
SHORT_DATETIME_FORMAT = "D j M, H:i"  # Thu 26 Nov, 14:05 (recent and coming moments)
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j M"  # 26 Nov
YEAR_MONTH_FORMAT = "M Y"  # Nov 2026
