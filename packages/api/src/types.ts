/**
 * Request/response types of the calls, from the schemas the server validates with (@portal/contract),
 * under the names callers of @portal/api use.
 */
import type {
  AvatarResponse,
  CreateStoreBody,
  CreateUserBody,
  DeleteUsersResponse,
  ExportFormat as ContractExportFormat,
  ListOrder,
  ListParams as ContractListParams,
  NumUsersResponse,
  PublicTokenResponse,
  RegionNode as ContractRegionNode,
  SignInBody,
  SignInResponse as ContractSignInResponse,
  SortDirection as ContractSortDirection,
  Store as ContractStore,
  UpdateStoreBody,
  UpdateUserBody,
  UpdateUserSettingsBody,
  User as ContractUser,
  UserExistsBody,
  UserSettings as ContractUserSettings,
  VersionResponse as ContractVersionResponse,
} from '@portal/contract';

export type Role = 'user' | 'supervisor' | 'admin';
export type Flavor = '{product}' | 'LIBTECS' | 'DIALOCID';
export type SortDirection = ContractSortDirection;
/** A [field, direction] pair, or null when unsorted. */
export type Order = ListOrder;

export type UserSettings = ContractUserSettings;
/** Body of PUT /api/users/{userId}/settings: any subset; the server merges. */
export type UserSettingsUpdate = UpdateUserSettingsBody['settings'];

export type SignInRequest = SignInBody;
export type SignInResponse = ContractSignInResponse;

export type Store = ContractStore;
export type StoreInput = CreateStoreBody;
export type StoreUpdate = UpdateStoreBody;
export type RegionNode = ContractRegionNode;

export type User = ContractUser;
export type UserInput = CreateUserBody;
export type UserUpdate = UpdateUserBody;
export type UserExistsRequest = UserExistsBody;
export type { AvatarResponse, DeleteUsersResponse, NumUsersResponse, PublicTokenResponse };

/** Generic list query (data-areas §2 generic list screen). */
export type ListParams = ContractListParams;
export interface ListResponse<T> {
  items: T[];
  total: number;
  /** false (asked with count=skip): total is a lower bound; absent or true: exact. */
  totalKnown?: boolean;
}

export type ExportFormat = ContractExportFormat;
export type FileType = ExportFormat['fileType'];
export type Separator = ExportFormat['separator'];
/** PUT /api/format input: the texts may be absent (sent as ''). */
export type ExportFormatInput = Omit<ExportFormat, 'codePrefix' | 'codeSuffix' | 'otherSeparator'> &
  Partial<Pick<ExportFormat, 'codePrefix' | 'codeSuffix' | 'otherSeparator'>>;

export type VersionResponse = ContractVersionResponse;
