"""The site's own date formats, per language (settings.FORMAT_MODULE_PATH).

Only English is here: the site writes English dates day first with a 24-hour clock
("Thu 26 Nov 2026, 14:05"), not Django's American defaults. Every other language takes its
formats from Django (django/conf/locale/<code>/formats.py): "2026年11月26日" in Japanese,
"26. November 2026" in German. A format this module does not set falls back to Django's too.
"""
