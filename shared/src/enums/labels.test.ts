import { DownloadType, RpuStatus, SyncWorkflow, TaskStatus, TaskType } from '../contract/enums';
import {
  chainStepLabel,
  credentialStatusLabel,
  credentialStatusOptions,
  downloadTypeLabel,
  downloadTypeOptions,
  rpuImportOutcomeLabel,
  rpuStatusLabel,
  rpuStatusOptions,
  rpuStatusTone,
  subscriptionStatusLabel,
  subscriptionStatusOptions,
  syncEventTypeLabel,
  syncWorkflowLabel,
  syncWorkflowOptions,
  taskStatusLabel,
  taskStatusOptions,
  taskStatusTone,
  taskTypeLabel,
  taskTypeOptions,
} from './labels';

describe('rpuStatusLabel: the labels of spec §4 exactly', () => {
  it.each([
    [RpuStatus.syncing, -1, 'Cargando'],
    [RpuStatus.unverified, 0, 'Inactivo'],
    [RpuStatus.verified, 1, 'Activo'],
    [RpuStatus.failed, 2, 'Error'],
    [RpuStatus.missingLink, 3, 'Sin cuenta'],
    [RpuStatus.withoutCfeUser, 5, 'Sin nombre'],
  ])('%s (%s) is "%s"', (status, wire, label) => {
    expect(status).toBe(wire);
    expect(rpuStatusLabel(status)).toBe(label);
  });
  it('4 (bad credentials, no label in the spec) has the catalogue label', () => {
    expect(rpuStatusLabel(RpuStatus.badCredentials)).toBe('Credenciales incorrectas');
  });
  it('an unknown status reads "Desconocido"', () => {
    expect(rpuStatusLabel(9)).toBe('Desconocido');
    expect(rpuStatusLabel(null)).toBe('Desconocido');
  });
  it('offers every status in order as select options', () => {
    expect(rpuStatusOptions.map((option) => option.value)).toEqual([-1, 0, 1, 2, 3, 4, 5]);
    expect(rpuStatusOptions[0]).toEqual({ value: -1, label: 'Cargando' });
  });
});

describe('taskStatusLabel: the labels of spec §4 exactly', () => {
  it.each([
    [TaskStatus.pending, 0, 'Pendiente'],
    [TaskStatus.success, 1, 'Éxito'],
    [TaskStatus.error, 2, 'Error'],
    [TaskStatus.userError, 3, 'Error de usuario'],
    [TaskStatus.systemRetry, 4, 'Reintentando'],
  ])('%s (%s) is "%s"', (status, wire, label) => {
    expect(status).toBe(wire);
    expect(taskStatusLabel(status)).toBe(label);
  });
  it('an unknown status reads "Desconocido"', () => expect(taskStatusLabel(5)).toBe('Desconocido'));
  it('offers every status as select options', () => {
    expect(taskStatusOptions).toEqual([
      { value: 0, label: 'Pendiente' },
      { value: 1, label: 'Éxito' },
      { value: 2, label: 'Error' },
      { value: 3, label: 'Error de usuario' },
      { value: 4, label: 'Reintentando' },
    ]);
  });
});

describe('taskTypeLabel: the labels of spec §4 exactly', () => {
  it.each([
    [TaskType.bulkLoad, 0, 'Carga masiva de servicios'],
    [TaskType.singleService, 1, 'Gestión de servicio'],
    [TaskType.link, 2, 'Vinculación de servicio'],
    [TaskType.paymentSync, 3, 'Sincronización de pagos'],
  ])('%s (%s) is "%s"', (type, wire, label) => {
    expect(type).toBe(wire);
    expect(taskTypeLabel(type)).toBe(label);
  });
  it('an unknown type reads "Desconocido"', () => expect(taskTypeLabel(-1)).toBe('Desconocido'));
  it('offers every type as select options', () => {
    expect(taskTypeOptions.map((option) => option.label)).toEqual([
      'Carga masiva de servicios',
      'Gestión de servicio',
      'Vinculación de servicio',
      'Sincronización de pagos',
    ]);
  });
});

describe('syncWorkflowLabel', () => {
  it('names the five workflows of spec §4', () => {
    expect(syncWorkflowLabel(SyncWorkflow.linkAndSync)).toBe('Vinculación y sincronización');
    expect(syncWorkflowLabel(SyncWorkflow.portalSpaceSync)).toBe(
      'Sincronización del portal para descarga de documentos',
    );
    expect(syncWorkflowLabel(SyncWorkflow.bulkSync)).toBe('Sincronización masiva');
    expect(syncWorkflowLabel(SyncWorkflow.bulkLink)).toBe('Vinculación masiva');
    expect(syncWorkflowLabel(SyncWorkflow.paymentHistorySync)).toBe('Sincronización de historiales de pago');
    expect(syncWorkflowOptions.map((option) => option.value)).toEqual([1, 2, 3, 4, 5]);
  });
  it('an unknown workflow reads "Desconocido"', () => expect(syncWorkflowLabel(0)).toBe('Desconocido'));
});

describe('downloadTypeLabel (spec §4: all -1, PDF 0, XML 1)', () => {
  it.each([
    [DownloadType.all, -1, 'Todos'],
    [DownloadType.pdf, 0, 'PDF'],
    [DownloadType.xml, 1, 'XML'],
  ])('%s (%s) is "%s"', (type, wire, label) => {
    expect(type).toBe(wire);
    expect(downloadTypeLabel(type)).toBe(label);
  });
  it('offers the three types as select options', () => {
    expect(downloadTypeOptions).toEqual([
      { value: -1, label: 'Todos' },
      { value: 0, label: 'PDF' },
      { value: 1, label: 'XML' },
    ]);
  });
});

describe('subscriptionStatusLabel', () => {
  it('labels every status of the contract', () => {
    expect(subscriptionStatusLabel('active')).toBe('Activa');
    expect(subscriptionStatusLabel('no_subscription')).toBe('Sin suscripción');
    for (const option of subscriptionStatusOptions) expect(option.label).not.toBe('Desconocido');
    expect(subscriptionStatusOptions).toHaveLength(8);
  });
  it('an unknown status reads "Desconocido"', () =>
    expect(subscriptionStatusLabel('weird')).toBe('Desconocido'));
  it('does not read inherited object keys as labels', () => {
    expect(subscriptionStatusLabel('toString')).toBe('Desconocido');
    expect(subscriptionStatusLabel('__proto__')).toBe('Desconocido');
  });
});

describe('other contract enumerations', () => {
  it('credential status', () => {
    expect(credentialStatusLabel(0)).toBe('Sin verificar');
    expect(credentialStatusLabel(1)).toBe('Válida');
    expect(credentialStatusLabel(4)).toBe('Contraseña incorrecta');
    expect(credentialStatusOptions.map((option) => option.value)).toEqual([0, 1, 4]);
  });
  it('sync event type', () => {
    expect(syncEventTypeLabel('progress')).toBe('En curso');
    expect(syncEventTypeLabel('success')).toBe('Terminada');
    expect(syncEventTypeLabel('error')).toBe('Con error');
  });
  it('import outcome', () => {
    expect(rpuImportOutcomeLabel('created')).toBe('Creado');
    expect(rpuImportOutcomeLabel('duplicate')).toBe('Duplicado');
    expect(rpuImportOutcomeLabel('invalid')).toBe('Con errores');
  });
});

describe('options are shared read-only', () => {
  it('cannot be changed by one remote for the others', () => {
    expect(Object.isFrozen(taskStatusOptions)).toBe(true);
    expect(Object.isFrozen(taskStatusOptions[0])).toBe(true);
  });
});

describe('status badge tones', () => {
  it('service-point status', () => {
    expect([-1, 0, 1, 2, 3, 4, 5, 42].map(rpuStatusTone)).toEqual([
      'info',
      'neutral',
      'success',
      'danger',
      'warning',
      'danger',
      'warning',
      'neutral',
    ]);
  });
  it('task status', () => {
    expect([0, 1, 2, 3, 4, 42].map(taskStatusTone)).toEqual([
      'neutral',
      'success',
      'danger',
      'warning',
      'info',
      'neutral',
    ]);
  });
});

describe('chainStepLabel: the steps of the sync workflows (spec §4) in Spanish', () => {
  it.each([
    ['fetching_service_data', 'Obteniendo los datos del servicio'],
    ['linking', 'Vinculando'],
    ['syncing_portal', 'Sincronizando con el portal de CFE'],
    ['syncing_consultation', 'Sincronizando con la consulta de recibos'],
    ['linking_additional_info', 'Vinculando con información adicional'],
    ['syncing_again', 'Sincronizando de nuevo'],
    ['fetching_data', 'Obteniendo los datos de la cuenta'],
    ['syncing', 'Sincronizando'],
    ['link_attempt', 'Intento de vinculación'],
    ['syncing_payment_history', 'Sincronizando el historial de pagos'],
  ])('%s → %s', (step, label) => {
    expect(chainStepLabel(step)).toBe(label);
  });

  it('keeps the name of a step it does not know, and a dash for none', () => {
    expect(chainStepLabel('a_new_step')).toBe('a_new_step');
    expect(chainStepLabel('toString')).toBe('toString');
    expect(chainStepLabel(null)).toBe('—');
  });
});
