export { applicationRoutes as mappedRoutes } from '../../src/openapi/openapi-document';
