/** The user form's fields (data-areas §5): what each editor sees, with the rules of userRules.ts. */
import type { TFunction } from 'i18next';
import type { RegionNode, User } from '@portal/api';
import { DEFAULT_FLAVOR, flavorName } from '@portal/contract';
import type { FormField } from '@portal/lists';
import { initialRegions } from './userPayload';
import { PASSWORD_MIN_LENGTH, emailRequired, isPasswordLongEnough, isValidEmail, passwordRequired, showPermissions, type UserFormRules } from './userRules';
import { logger } from '@portal/api';

export interface UserFieldChecks {
  /** Is the user name taken by another user? (debounced server call) */
  userNameTaken: (userName: string) => Promise<boolean>;
  emailTaken: (email: string) => Promise<boolean>;
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A failed exists call lets the value pass: the server checks again on save. */
async function taken(check: (value: string) => Promise<boolean>, value: string): Promise<boolean> {
  try {
    return await check(value);
  } catch (error) {
    logger.error('Exists check failed', error);
    return false;
  }
}

export function userFields(
  t: TFunction,
  rules: UserFormRules,
  user: User | null,
  regions: RegionNode[],
  checks: UserFieldChecks,
  productName: string,
): FormField[] {
  const required = (label: string) => new Error(t('common:FieldRequiredMessage', { field: label }));
  const permissionLabel = (p: string) => t(`permissions.${p}`);
  return [
    {
      type: 'input',
      name: 'userName',
      label: t('users.userName'),
      required: true,
      initialValue: user?.userName ?? '',
      disabled: rules.userNameDisabled,
      rules: [
        {
          validator: async (_r, value: unknown) => {
            // The unchanged name is accepted without asking.
            if (!filled(value) || value.trim() === user?.userName) return;
            if (await taken(checks.userNameTaken, value.trim())) throw new Error(t('users.nameExists'));
          },
        },
      ],
    },
    { type: 'input', name: 'fullName', label: t('users.fullName'), required: true, initialValue: user?.fullName ?? '' },
    { type: 'input', name: 'address', label: t('users.address'), required: true, initialValue: user?.address ?? '' },
    { type: 'input', name: 'telephone', label: t('users.telephone'), required: true, initialValue: user?.telephone ?? '' },
    {
      type: 'input',
      name: 'email',
      label: t('users.email'),
      initialValue: user?.email ?? '',
      dependencies: ['role'],
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            if (!filled(value)) {
              if (emailRequired(getFieldValue('role') ?? user?.role ?? 'user')) throw required(t('users.email'));
              return;
            }
            if (!isValidEmail(value)) throw new Error(t('users.invalidEmail'));
            if (value.trim().toLowerCase() === user?.email?.toLowerCase()) return;
            if (await taken(checks.emailTaken, value.trim())) throw new Error(t('users.emailExists'));
          },
        }),
      ],
    },
    {
      type: 'select',
      name: 'flavor',
      label: t('users.flavor'),
      required: true,
      visible: rules.showFlavor,
      initialValue: user?.flavor ?? DEFAULT_FLAVOR,
      selectOptions: rules.flavorOptions.map((f) => ({ value: f, text: flavorName(f, productName) })),
    },
    {
      type: 'select',
      name: 'role',
      label: t('users.role'),
      required: true,
      visible: rules.showRole,
      disabled: rules.roleDisabled,
      initialValue: user?.role ?? 'user',
      selectOptions: rules.roleOptions.map((r) => ({ value: r, text: t(`roles.${r}`) })),
    },
    {
      type: 'select',
      name: 'permissions',
      label: t('users.permissions'),
      mode: 'tags',
      required: true,
      dependencies: ['role'],
      visible: (values) => showPermissions(rules, values.role ?? user?.role),
      initialValue: user?.permissions ?? [],
      selectOptions: rules.permissionOptions.map((p) => ({ value: p, text: permissionLabel(p) })),
      rules: [
        {
          validator: async (_r, value: unknown) => {
            const extra = (Array.isArray(value) ? (value as string[]) : []).filter((p) => !rules.permissionOptions.includes(p));
            if (extra.length) throw new Error(t('users.permissionNotAllowed', { permissions: extra.join(', ') }));
          },
        },
      ],
    },
    {
      type: 'treeselect',
      name: 'regions',
      label: t('users.regions'),
      mode: 'multiple',
      visible: rules.canManage,
      initialValue: initialRegions(user),
      treeData: regions as unknown as FormField['treeData'],
    },
    { type: 'switch', name: 'changePassword', label: t('users.changePassword'), visible: rules.showChangePassword, initialValue: false },
    {
      type: 'password',
      name: 'currentPassword',
      label: t('users.currentPassword'),
      required: true,
      dependencies: ['changePassword'],
      visible: (values) => rules.isSelf && values.changePassword === true,
    },
    {
      type: 'password',
      name: 'password',
      label: t('users.password'),
      required: true,
      dependencies: ['changePassword'],
      visible: (values) => passwordRequired(rules, values.changePassword),
      rules: [
        {
          validator: async (_r, value: unknown) => {
            if (filled(value) && !isPasswordLongEnough(value)) throw new Error(t('users.passwordTooShort', { count: PASSWORD_MIN_LENGTH }));
          },
        },
      ],
    },
    {
      type: 'password',
      name: 'confirm',
      label: t('users.confirm'),
      required: true,
      dependencies: ['changePassword', 'password'],
      visible: (values) => passwordRequired(rules, values.changePassword),
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            if (filled(value) && value !== getFieldValue('password')) throw new Error(t('users.passwordsDoNotMatch'));
          },
        }),
      ],
    },
  ];
}
