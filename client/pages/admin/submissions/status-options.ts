/** The status dropdown's choices per type: labels as the spec names them. */
import type { StatusType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { statusesFor } from '../../../../shared/schemas/submissions';

export interface StatusOption {
  value: string;
  label: string;
}

export const statusOptions = (type: StatusType): StatusOption[] =>
  statusesFor(type).map((value) => ({ value, label: t(`admin.submissions.status.${value}`) }));
