// setupFiles of the api-postgres jest project: the same tests, on PostgreSQL.
process.env.LUZ_TEST_DB = 'postgres';
