/* Just enough of <Python.h> for src/canfield/solver/_core.c to compile as plain WebAssembly.
 *
 * web/wasm/core.c includes _core.c unchanged with this directory first on the include path:
 * the search (advance, play, the keys and tables) touches no Python object, and core.c
 * drives it through a plain C interface instead of the module's Python types. Every API
 * function here traps if it is ever called; the linker drops those the interface never
 * reaches, so the module imports nothing from a Python. Not a Python: no object is made.
 */
#ifndef CANFIELD_WASM_PYTHON_SHIM_H
#define CANFIELD_WASM_PYTHON_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef intptr_t Py_ssize_t;
typedef struct _typeobject PyTypeObject;
typedef struct _object {
    Py_ssize_t ob_refcnt;
    PyTypeObject *ob_type;
} PyObject;
typedef struct {
    PyObject ob_base;
    Py_ssize_t ob_size;
} PyVarObject;

typedef PyObject *(*PyCFunction)(PyObject *, PyObject *);
typedef Py_ssize_t (*lenfunc)(PyObject *);
typedef void (*destructor)(PyObject *);
typedef int (*initproc)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*newfunc)(PyTypeObject *, PyObject *, PyObject *);
typedef PyObject *(*getter)(PyObject *, void *);
typedef int (*setter)(PyObject *, PyObject *, void *);
typedef PyObject *(*allocfunc)(PyTypeObject *, Py_ssize_t);
typedef void (*freefunc)(void *);

typedef struct {
    lenfunc sq_length;
} PySequenceMethods;
typedef struct PyMethodDef {
    const char *ml_name;
    PyCFunction ml_meth;
    int ml_flags;
    const char *ml_doc;
} PyMethodDef;
typedef struct PyGetSetDef {
    const char *name;
    getter get;
    setter set;
    const char *doc;
    void *closure;
} PyGetSetDef;

struct _typeobject {
    PyVarObject ob_base;
    const char *tp_name;
    const char *tp_doc;
    Py_ssize_t tp_basicsize;
    unsigned long tp_flags;
    destructor tp_dealloc;
    PySequenceMethods *tp_as_sequence;
    PyMethodDef *tp_methods;
    PyGetSetDef *tp_getset;
    initproc tp_init;
    newfunc tp_new;
    allocfunc tp_alloc;
    freefunc tp_free;
};

typedef struct PyModuleDef_Base {
    PyObject ob_base;
} PyModuleDef_Base;
struct PyModuleDef {
    PyModuleDef_Base m_base;
    const char *m_name;
    const char *m_doc;
    Py_ssize_t m_size;
    PyMethodDef *m_methods;
};

#define PyObject_HEAD PyObject ob_base;
#define PyVarObject_HEAD_INIT(type, size) {{1, type}, size},
#define PyModuleDef_HEAD_INIT {{1, NULL}}
#define Py_TPFLAGS_DEFAULT 0
#define METH_VARARGS 1
#define METH_NOARGS 4
#define PyMODINIT_FUNC PyObject *
#define Py_BEGIN_ALLOW_THREADS {
#define Py_END_ALLOW_THREADS }
#define Py_TYPE(o) (((PyObject *)(o))->ob_type)

/* Objects: the tables core.c makes are plain calloc'd memory and are freed by core.c. */
#define PyObject_New(type, typeobj) ((type *)calloc(1, sizeof(type)))
#define PyObject_Free(p) free(p)
#define Py_INCREF(o) ((void)(o))
#define Py_DECREF(o) ((void)(o))
#define Py_XDECREF(o) ((void)(o))
#define Py_XSETREF(dst, src) ((dst) = (src))

/* The rest is the Python side of _core.c, which core.c never calls. */
#define CANFIELD_UNREACHED __builtin_trap()
static PyObject _Py_NoneStruct, PyTuple_Type_, PyExc_ValueError_, PyExc_TypeError_,
    PyExc_RuntimeError_;
#define Py_None (&_Py_NoneStruct)
#define Py_RETURN_NONE return Py_None
#define PyTuple_Type (*(PyTypeObject *)&PyTuple_Type_)
#define PyExc_ValueError (&PyExc_ValueError_)
#define PyExc_TypeError (&PyExc_TypeError_)
#define PyExc_RuntimeError (&PyExc_RuntimeError_)
static inline PyObject *PyErr_NoMemory(void) { return NULL; }
static inline void PyErr_SetString(PyObject *e, const char *m) { (void)e, (void)m; }
static inline PyObject *PyErr_Format(PyObject *e, const char *f, ...) { (void)e, (void)f; return NULL; }
static inline PyObject *PyErr_Occurred(void) { return NULL; }
static inline void PyErr_Clear(void) {}
static inline int PyErr_CheckSignals(void) { CANFIELD_UNREACHED; }
static inline int PyArg_ParseTuple(PyObject *a, const char *f, ...) { (void)a, (void)f; CANFIELD_UNREACHED; }
static inline int PyArg_ParseTupleAndKeywords(PyObject *a, PyObject *k, const char *f, char **n, ...) {
    (void)a, (void)k, (void)f, (void)n;
    CANFIELD_UNREACHED;
}
static inline PyObject *Py_BuildValue(const char *f, ...) { (void)f; CANFIELD_UNREACHED; }
static inline int PyBytes_Check(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline Py_ssize_t PyBytes_GET_SIZE(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline char *PyBytes_AS_STRING(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline PyObject *PyBytes_FromStringAndSize(const char *b, Py_ssize_t n) { (void)b, (void)n; CANFIELD_UNREACHED; }
static inline int PyTuple_Check(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline Py_ssize_t PyTuple_GET_SIZE(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline PyObject *PyTuple_GET_ITEM(PyObject *o, Py_ssize_t i) { (void)o, (void)i; CANFIELD_UNREACHED; }
static inline PyObject *PyTuple_New(Py_ssize_t n) { (void)n; CANFIELD_UNREACHED; }
static inline void PyTuple_SET_ITEM(PyObject *t, Py_ssize_t i, PyObject *v) { (void)t, (void)i, (void)v; CANFIELD_UNREACHED; }
static inline PyObject *PyList_New(Py_ssize_t n) { (void)n; CANFIELD_UNREACHED; }
static inline void PyList_SET_ITEM(PyObject *l, Py_ssize_t i, PyObject *v) { (void)l, (void)i, (void)v; CANFIELD_UNREACHED; }
static inline int PyList_Append(PyObject *l, PyObject *v) { (void)l, (void)v; CANFIELD_UNREACHED; }
static inline PyObject *PyLong_FromLong(long v) { (void)v; CANFIELD_UNREACHED; }
static inline PyObject *PyLong_FromLongLong(long long v) { (void)v; CANFIELD_UNREACHED; }
static inline long long PyLong_AsLongLong(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline long PyLong_AsLong(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline unsigned long long PyLong_AsUnsignedLongLongMask(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline int PyObject_IsTrue(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline PyObject *PyObject_GetAttrString(PyObject *o, const char *n) { (void)o, (void)n; CANFIELD_UNREACHED; }
static inline PyObject *PyUnicode_FromString(const char *s) { (void)s; CANFIELD_UNREACHED; }
static inline double PyFloat_AsDouble(PyObject *o) { (void)o; CANFIELD_UNREACHED; }
static inline PyObject *PyBool_FromLong(long v) { (void)v; CANFIELD_UNREACHED; }
static inline PyObject *PyObject_CallNoArgs(PyObject *f) { (void)f; CANFIELD_UNREACHED; }
static inline int PyObject_TypeCheck(PyObject *o, PyTypeObject *t) { (void)o, (void)t; CANFIELD_UNREACHED; }
static inline int PyType_Ready(PyTypeObject *t) { (void)t; CANFIELD_UNREACHED; }
static inline PyObject *PyModule_Create(struct PyModuleDef *d) { (void)d; CANFIELD_UNREACHED; }
static inline int PyModule_AddObject(PyObject *m, const char *n, PyObject *o) { (void)m, (void)n, (void)o; CANFIELD_UNREACHED; }
static inline int PyModule_AddIntConstant(PyObject *m, const char *n, long v) { (void)m, (void)n, (void)v; CANFIELD_UNREACHED; }

#endif
