import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import { createUser, logger, normalizeError, updateUser, type User, userExists } from '@portal/api';
import { ModalForm } from '@portal/lists';
import { ownUserSaved, selectRegions, useAppDispatch, useAppSelector, useDeploySettings } from '@portal/session';
import { latestExistsCheck } from '../existsCheck';
import { useSettingsTranslation } from '../i18n';
import { useActor } from './useActor';
import { userFields } from './userFields';
import { newUserBody, userUpdateBody, type UserFormValues } from './userPayload';
import { PASSWORD_MIN_LENGTH, userFormRules } from './userRules';

export interface UserFormProps {
  open: boolean;
  /** The user being edited (possibly the signed-in user); null adds a new one. */
  user: User | null;
  onClose: (saved?: User) => void;
}

/** Server refusals the form names; anything else is 'Could not save the user'. */
const SAVE_ERRORS: Record<string, string> = {
  USER_NAME_EXISTS: 'users.nameExists',
  EMAIL_EXISTS: 'users.emailExists',
  EMAIL_REQUIRED: 'users.emailRequired',
  PASSWORD_TOO_SHORT: 'users.passwordTooShort',
  PASSWORD_NOT_ALLOWED: 'users.passwordNotAllowed',
  CURRENT_PASSWORD_REQUIRED: 'users.currentPasswordWrong',
  INVALID_PASSWORD: 'users.currentPasswordWrong',
};

/** Add or edit a user with every rule of data-areas §5 and §6 for the signed-in editor (see userRules.ts). */
export function UserForm({ open, user, onClose }: UserFormProps) {
  const { t } = useSettingsTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const dispatch = useAppDispatch();
  const actor = useActor();
  const regions = useAppSelector(selectRegions);
  const rules = useMemo(() => userFormRules(actor, user), [actor, user]);
  const { productName } = useDeploySettings();

  const fields = useMemo(() => {
    const except = user?.tid ?? null;
    return userFields(
      t,
      rules,
      user,
      regions,
      {
        userNameTaken: latestExistsCheck(async (userName) => (await userExists({ userId: except, userName })).exists),
        emailTaken: latestExistsCheck(async (email) => (await userExists({ userId: except, email })).exists),
      },
      productName,
    );
  }, [t, rules, user, regions, productName]);

  const save = async (values: UserFormValues) => {
    try {
      const saved = user ? await updateUser(user.tid, userUpdateBody(values, rules, regions, user)) : await createUser(newUserBody(values, rules, regions));
      // The header shows the signed-in user's full name: keep it in step.
      if (rules.isSelf) dispatch(ownUserSaved({ fullName: saved.fullName }));
      onClose(saved);
    } catch (error) {
      logger.error('User not saved', error);
      const { code } = normalizeError(error);
      void message.error(t(SAVE_ERRORS[code] ?? 'users.saveFailed', { count: PASSWORD_MIN_LENGTH }));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm<UserFormValues> open={open} title={user ? t('users.editUser') : t('users.newUser')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
