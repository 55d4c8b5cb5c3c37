from tests.support.pg_fixtures import postgres_server, postgres_url

__all__ = ["postgres_server", "postgres_url"]
