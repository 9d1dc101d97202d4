import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ParticleField } from './ParticleField';
import { useLogin, type LoginValues } from './useLogin';

const pageStyle = {
  position: 'relative', minHeight: '100vh', overflow: 'hidden', display: 'flex', alignItems: 'center',
  justifyContent: 'center', background: 'linear-gradient(135deg, #0b2a4a 0%, #145a8c 100%)',
} as const;

/** /auth/login: the only screen reachable while logged out. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const { loading, errorMessage, closeError, submit } = useLogin();

  return (
    <div style={pageStyle}>
      <ParticleField />
      <Card style={{ position: 'relative', width: 360, maxWidth: '90vw' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>{t('login.title')}</Typography.Title>
        {errorMessage && (
          <Alert type="error" showIcon title={errorMessage} closable={{ onClose: closeError }} style={{ marginBottom: 16 }} />
        )}
        <Form<LoginValues> name="login" layout="vertical" autoComplete="off" onFinish={submit} requiredMark={false}>
          <Form.Item name="userName" label={t('login.userName')} rules={[{ required: true, message: t('login.userNameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>{t('login.submit')}</Button>
        </Form>
      </Card>
    </div>
  );
}
