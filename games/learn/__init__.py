"""Learn: lessons for Go and Badux, exercises judged by the rules package, and this site's
rules with every number read from the code the site plays by."""
