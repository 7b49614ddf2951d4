export { connectAccount, refreshRpusAndCredentials, resyncAccount, startAccountImport } from './account-sync';
export { FixAction, type FixTarget } from './fix-action';
export { credentialPasswordPath, servicePath } from './fix-paths';
export { TotalToPayModal, type TotalToPayTarget } from './total-to-pay-modal';
