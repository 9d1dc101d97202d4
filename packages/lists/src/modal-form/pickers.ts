// The date and time pickers of the form's fields: a chunk of their own (antd/pickers), fetched by a form that has one.
export { DatePicker, TimePicker } from 'antd';
