// Integration tiers run quietly unless LOG_LEVEL is set; NODE_ENV=test relaxes nothing security-relevant.
process.env.NODE_ENV = process.env.NODE_ENV || 'test';
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'silent';
