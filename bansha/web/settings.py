"""Django settings. Everything a deployment changes comes from environment variables:

- ``BANSHA_HOME``: folder for the SQLite database and the secret key (default ``./.bansha``)
- ``BANSHA_DATABASE_URL``: e.g. ``postgresql://user@127.0.0.1:5432/bansha``; default SQLite (WAL)
- ``BANSHA_SECRET_KEY`` (and ``BANSHA_SECRET_KEY_FALLBACKS``): else the installation's own key in
  ``BANSHA_HOME/secret_key``, made on first run (``bansha.web.keys``)
- ``BANSHA_DEBUG``, ``BANSHA_ALLOWED_HOSTS`` (comma separated)
- ``BANSHA_HTTPS=1`` (``bansha serve --https``): browsers reach the site over HTTPS (a TLS proxy in
  front sets ``X-Forwarded-Proto``): cookies only over HTTPS, HSTS
- ``BANSHA_REQUEST_THREADS``: requests served at once per server process (default 4; see
  ``bansha.web.handler``)
"""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF

from bansha.web.keys import installation_home, secret_keys

HOME = installation_home()

SECRET_KEY, SECRET_KEY_FALLBACKS = secret_keys(HOME)  # BurntKey: a published key is refused
DEBUG = os.environ.get("BANSHA_DEBUG", "") == "1"
ALLOWED_HOSTS = os.environ.get("BANSHA_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "channels",
    "axes",
    "bansha.store",
    "bansha.web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "bansha.web.headers.SteadyPolicy",  # django-csp's, its policy built once
    "django.contrib.sessions.middleware.SessionMiddleware",
    "bansha.web.common.ResolvedOnce",  # Django's CommonMiddleware, a 404's URL resolved once
    "bansha.web.headers.SteadyCsrf",  # Django's, its cookie not re-sent on every form page
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "bansha.web.headers.PrivatePages",
    "axes.middleware.AxesMiddleware",
]
SERVER_TIMING = os.environ.get("BANSHA_SERVER_TIMING", "") == "1"
if SERVER_TIMING:  # measuring only (benchmarks/load_web.py): each response's processor time
    MIDDLEWARE.insert(0, "bansha.web.headers.ServerTiming")

ROOT_URLCONF = "bansha.web.urls"
TEMPLATES = [
    {  # the pages (bansha/web/jinja2/): Jinja2, see bansha.web.jinja
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "bansha.web.jinja.environment",
            "context_processors": [
                "bansha.web.jinja.form_token",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {  # Django's own pages (the admin's)
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    },
]
ASGI_APPLICATION = "bansha.web.asgi.application"
REQUEST_THREADS = int(os.environ.get("BANSHA_REQUEST_THREADS", "4"))

_url = os.environ.get("BANSHA_DATABASE_URL") or f"sqlite:///{HOME / 'bansha.db'}"
DATABASES: dict[str, Any] = {"default": dj_database_url.parse(_url, conn_max_age=0)}
# request threads live as long as the server (bansha.web.handler): each keeps its connection, on
# either database (opening one and setting SQLite's pragmas cost about a millisecond per request;
# a PostgreSQL pool's check-out and return at every request cost about 5% of a request's
# instructions, and a thread's connection is never shared)
DATABASES["default"]["CONN_MAX_AGE"] = 600
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Django's backend, a process's writers queued on a lock of their own before SQLite's (whose
    # busy handler sleeps and polls): bansha.store.sqlite; each statement's placeholders converted
    # once per process: bansha.web.sqlite
    DATABASES["default"]["ENGINE"] = "bansha.web.sqlite"
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # tests use a database file too (WAL, as served), not a shared-cache in-memory database
    DATABASES["default"]["TEST"] = {"NAME": str(HOME / "test.db")}

if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # live updates fan out across worker processes through PostgreSQL
    INSTALLED_APPS.append("channels_postgres")
    _layer_db = {
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "CONN_HEALTH_CHECKS": False,
        "TIME_ZONE": None,
        **DATABASES["default"],
        "OPTIONS": {},
    }
    DATABASES["channels_postgres"] = dict(_layer_db)
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "bansha.web.postgres_layer.PostgresLayer", "CONFIG": _layer_db}
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Rate limits (django-ratelimit) count in this cache: per process, enough against guessing links
# (per address); players' submissions count per seat (bansha.web.clients.submitter). A limit
# reached is a 429 (bansha.web.errors.forbidden: the views' decorators raise it, no middleware).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
RATELIMIT_ENABLE = (
    os.environ.get("BANSHA_RATELIMIT", "1") != "0"
)  # off only for load tests from one address
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Directors' logins (django-axes): 5 wrong passwords for one account from one address, that pair
# waits 15 minutes; 20 for one account from anywhere, the account waits (bansha.web.clients). The
# address is the connection's peer (X-Forwarded-For only from a --trusted-proxy, resolved by the
# server); the failures are counted in the database, so alike in every server process.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "bansha.web.clients.Lockout"
AXES_FAILURE_LIMIT = 5  # one account from one address
ACCOUNT_FAILURE_LIMIT = 20  # one account from anywhere
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]  # the order Lockout reads
AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)  # never a header a client sets
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "bansha.web.errors.login_locked"
AXES_VERBOSE = False
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "zh-hans"
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

# Sessions (a seat and the hash of its link, or a director's login) live in the database: the
# cookie is only a random key, so logging out ends the session everywhere. Flash messages stay in
# a signed cookie that is never trusted as markup (bansha.web.messages). bansha.web.sessions is
# Django's database engine with its per-request read as one plain statement.
SESSION_ENGINE = "bansha.web.sessions"
MESSAGE_STORAGE = "bansha.web.messages.UntrustedCookieStorage"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_FAILURE_VIEW = "bansha.web.errors.csrf_failure"
HTTPS = os.environ.get("BANSHA_HTTPS", "") == "1"
if HTTPS:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
# Content-Security-Policy (django-csp): scripts, style sheets and images only from this site's
# own files, no inline script or style at all (the pages have none: tests/security/test_csp.py),
# sockets and the live refresh only to this site, forms only post here, no framing, no <base>.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [NONE],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
    }
}
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# files kept from uploads (none today: variant files and threads are read in memory) would be the
# owner's only, as everything under the installation's home is (bansha.web.keys.tighten_home)
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
# The pages' script and style sheets are files (the Content-Security-Policy allows no inline
# script or style), served by WhiteNoise from the apps' static folders as found at start.
STATIC_URL = "/static/"
WHITENOISE_USE_FINDERS = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "redact": {"()": "bansha.web.logfilters.RedactTokens"},
        "unwatched": {"()": "bansha.web.logfilters.UnwatchedGames"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["redact"]}},
    "loggers": {
        "django.request": {
            "handlers": ["console"],
            "level": "WARNING",
            "propagate": False,
            "filters": ["redact"],
        },
        "channels_postgres.core": {"level": "WARNING", "filters": ["unwatched"]},
        "django.server": {
            "handlers": ["console"],
            "level": "WARNING",
            "propagate": False,
            "filters": ["redact"],
        },
    },
}
