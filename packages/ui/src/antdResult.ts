// antd's Result in a chunk of its own: the status pages (StatusResult) are no first view's content.
import { Result } from 'antd';

export default Result;
